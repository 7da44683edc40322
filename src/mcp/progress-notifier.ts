import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";

export type ToolCallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * MCP progress notifications for one tool call, when the client asked for them with a
 * progressToken: each message gets the next progress number (the spec wants it to rise), and no
 * total, since how many steps the agent takes is only known at the end. A client that went away
 * cannot fail the call.
 */
export function progressNotifier(extra: ToolCallExtra): (message: string) => void {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return () => {};
  let progress = 0;
  return (message) => {
    progress += 1;
    extra
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress, message },
      })
      .catch(() => {});
  };
}
