import { type ResearchReader, StoreError } from "../store/research-reader.ts";
import { validateResearchPath, withoutIdeasPrefix } from "./research-path.ts";

/** Largest research file returned whole (50 KB); larger files are refused, never truncated. */
export const MAX_RESEARCH_FILE_BYTES = 51_200;
export const FILE_TOO_LARGE_MESSAGE =
  "File exceeds 50KB limit. Try a more specific path or request a summary.";

export type ReadResearchErrorType =
  | "file_not_found"
  | "path_validation"
  | "file_too_large"
  | "api_error";

export type ReadResearchResult =
  | { ok: true; content: string; bytes: number }
  | { ok: false; error_type: ReadResearchErrorType; message: string };

export interface ToolExecutor {
  /** Never throws: every outcome, including a store failure, is a result. */
  readResearch(path: string, options?: { signal?: AbortSignal }): Promise<ReadResearchResult>;
}

const failure = (error_type: ReadResearchErrorType, message: string): ReadResearchResult => ({
  ok: false,
  error_type,
  message,
});

/**
 * read_research over any ResearchReader (GitHubStore, LocalStore). The reader's answer is
 * treated as untrusted Contents-API JSON: only a `type: "file"` object for exactly the path
 * asked for, with a numeric size within the limit and base64 content of that size, is read.
 * Messages name the path the model gave (relative to ideas/), never a host path or a token.
 */
export function createToolExecutor(reader: ResearchReader): ToolExecutor {
  return {
    async readResearch(input, options = {}) {
      const checked = validateResearchPath(input);
      if (!checked.ok) return failure("path_validation", checked.message);
      const shown = withoutIdeasPrefix(checked.path);
      let answer: unknown;
      try {
        answer = await reader.getContent(checked.path, options);
      } catch (error) {
        return fromReaderError(error, shown);
      }
      try {
        return fromContents(answer, checked.path, shown);
      } catch {
        // A hostile answer (a getter that throws, a Proxy) is still an answer, not a crash.
        return failure("api_error", `Failed to read file: unreadable response for ${shown}`);
      }
    },
  };
}

function fromReaderError(error: unknown, shown: string): ReadResearchResult {
  if (!(error instanceof StoreError)) {
    // Not ours: its text may hold host paths or secrets, so it is not repeated.
    return failure("api_error", "Failed to read file: unexpected error in the research store");
  }
  if (error.rateLimited) {
    const wait =
      error.retryAfterSeconds === undefined ? "" : ` (retry in ${error.retryAfterSeconds} s)`;
    return failure(
      "api_error",
      `Failed to read file: rate limited by the repository host${wait}; continue without ${shown}`,
    );
  }
  if (error.status === 404) return failure("file_not_found", `File not found: ${shown}`);
  return failure("api_error", `Failed to read file: ${error.message}`);
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function fromContents(answer: unknown, fullPath: string, shown: string): ReadResearchResult {
  const notAFile = failure("api_error", `Path is not a file: ${shown}`);
  if (Array.isArray(answer) || typeof answer !== "object" || answer === null) return notAFile;
  const file = answer as Record<string, unknown>;
  if (file.type !== "file") return notAFile;
  // GitHub answers a link to an in-repo file with the TARGET; reading it would escape ideas/.
  if (file.path !== fullPath) {
    return failure("api_error", `Path is not a file: ${shown} (it is a link to another path)`);
  }
  const size = file.size;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
    return failure("api_error", `Failed to read file: the response has no valid size for ${shown}`);
  }
  if (size > MAX_RESEARCH_FILE_BYTES) return failure("file_too_large", FILE_TOO_LARGE_MESSAGE);
  if (size === 0) return { ok: true, content: "", bytes: 0 };

  // Size is authoritative: content that is missing or of another length is never "empty".
  const encoded = typeof file.content === "string" ? file.content.replace(/\s+/g, "") : "";
  if (file.encoding !== "base64" || encoded === "" || !BASE64.test(encoded)) {
    return failure("api_error", `Failed to read file: the response has no content for ${shown}`);
  }
  const bytes = Buffer.from(encoded, "base64");
  if (bytes.byteLength !== size) {
    return failure("api_error", `Failed to read file: the content of ${shown} is incomplete`);
  }
  try {
    return { ok: true, content: utf8.decode(bytes), bytes: size };
  } catch {
    return failure("api_error", `Failed to read file: ${shown} is not UTF-8 text`);
  }
}
