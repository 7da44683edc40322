import { tool } from "ai";
import {
  createFileWriteTool,
  type FileWriteToolOptions,
  fileWriteInputSchema,
} from "../../tools/file-write.ts";

const NAME = "[a-z0-9]+(?:-[a-z0-9]+)*";
const JOB_FILE = new RegExp(`^${NAME}/(?:jtbd|specs/${NAME})\\.md$`);

/** True for `<job-slug>/jtbd.md` and `<job-slug>/specs/<name>.md`, lowercase words and hyphens. */
export function isJobFilePath(path: string): boolean {
  return JOB_FILE.test(path);
}

/**
 * The interview's file_write: the general tool (same name, sandbox and `Wrote <path>` result),
 * with paths held to the job folder layout by its schema. A later agent finds every job as
 * `<slug>/jtbd.md` plus `<slug>/specs/*.md` and nothing else; a stray path comes back to the
 * model as an input error naming the layout, and nothing is written.
 */
export function createJobFileWriteTool(options: FileWriteToolOptions) {
  const general = createFileWriteTool(options);
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
  const write = general.execute;
  if (!write) throw new Error("file_write has no execute function");
  return tool({
    description:
      "Write a job file to the output folder: <job-slug>/jtbd.md or <job-slug>/specs/<name>.md " +
      '(folders are created; an existing file is replaced). Returns "Wrote <path>" on success.',
    inputSchema: fileWriteInputSchema.extend({ path }),
    execute: (input, callOptions) => write(input, callOptions),
  });
}
