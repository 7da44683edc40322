import { tool } from "ai";
import { FileToolError } from "../../tools/file-tool-error.ts";
import {
  createFileWriteTool,
  FILE_WRITE_TOOL_NAME,
  type FileWriteToolOptions,
  fileWriteInputSchema,
} from "../../tools/file-write.ts";
import { logToolCall } from "../../tools/tool-call-log.ts";

const NAME = "[a-z0-9]+(?:-[a-z0-9]+)*";
const JOB_FILE = new RegExp(`^${NAME}/(?:jtbd|specs/${NAME})\\.md$`);

/** True for `<job-slug>/jtbd.md` and `<job-slug>/specs/<name>.md`, lowercase words and hyphens. */
export function isJobFilePath(path: string): boolean {
  return JOB_FILE.test(path);
}

/**
 * The output folder: an existing folder, or a function that creates it and returns it, called
 * on the first write (so a session that writes nothing leaves no empty folder behind).
 */
export type OutputRoot = string | (() => Promise<string>);

export interface JobFileWriteToolOptions extends Omit<FileWriteToolOptions, "root"> {
  root: OutputRoot;
}

/**
 * The interview's file_write: the general tool (same name, sandbox and `Wrote <path>` result),
 * with paths held to the job folder layout by its schema. A later agent finds every job as
 * `<slug>/jtbd.md` plus `<slug>/specs/*.md` and nothing else; a stray path comes back to the
 * model as an input error naming the layout, and nothing is written.
 */
export function createJobFileWriteTool(options: JobFileWriteToolOptions) {
  const write = generalWrite(options);
  const path = fileWriteInputSchema.shape.path
    .refine(isJobFilePath, {
      message:
        "path must be <job-slug>/jtbd.md or <job-slug>/specs/<name>.md, in lowercase words joined by hyphens (e.g. export-csv/specs/streaming-writer.md)",
    })
    .describe(
      "Where to write, relative to the output folder: <job-slug>/jtbd.md for the job, " +
        "<job-slug>/specs/<name>.md for each spec; lowercase words joined by hyphens, e.g. " +
        '"export-csv/jtbd.md", "export-csv/specs/streaming-writer.md". An existing file is replaced.',
    );
  return tool({
    description:
      "Write a job file to the output folder: <job-slug>/jtbd.md or <job-slug>/specs/<name>.md " +
      '(folders are created; an existing file is replaced). Returns "Wrote <path>" on success.',
    inputSchema: fileWriteInputSchema.extend({ path }),
    execute: async (input, callOptions) => (await write(input.path))(input, callOptions),
  });
}

type Write = NonNullable<ReturnType<typeof createFileWriteTool>["execute"]>;

/**
 * The general file_write's execute over the output folder: opened now for an existing folder (a
 * bad root fails at start-up), or once the first write has created it. A folder that cannot be
 * created fails that write, as a tool error the model reads, and the next write tries again.
 */
function generalWrite(options: JobFileWriteToolOptions): (path: string) => Promise<Write> {
  const { root, ...rest } = options;
  if (typeof root === "string") {
    const opened = executeOf(createFileWriteTool({ ...rest, root }));
    return async () => opened;
  }
  let opened: Write | undefined;
  return async (path) => {
    if (opened) return opened;
    try {
      opened = executeOf(createFileWriteTool({ ...rest, root: await root() }));
      return opened;
    } catch {
      const report = options.onToolCall ?? ((entry) => logToolCall(entry));
      report({
        name: FILE_WRITE_TOOL_NAME,
        path,
        durationMs: 0,
        ok: false,
        errorType: "write_failed",
      });
      // The cause may name a host path; the model and the person watching get a fixed line.
      throw new FileToolError(
        "FileWriteError",
        "write_failed",
        "The output folder could not be created, so nothing was written",
      );
    }
  };
}

function executeOf(general: ReturnType<typeof createFileWriteTool>): Write {
  if (!general.execute) throw new Error("file_write has no execute function");
  return general.execute;
}
