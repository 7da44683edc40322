import { readFileSync } from "node:fs";
import { z } from "zod";

/** One research task: an idea explored in one mode, optionally with context, as a user asks it. */
export interface ResearchTask {
  id: string;
  mode: "business" | "exploration";
  idea: string;
  context?: string;
}

const taskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case words joined by hyphens"),
  mode: z.enum(["business", "exploration"]),
  idea: z.string().min(1),
  context: z.string().min(1).optional(),
});

export const TASKS_FILE = new URL("./tasks.json", import.meta.url);

/** The fixed task set, checked: a typo in tasks.json stops the eval before anything is paid. */
export function loadTasks(file: URL = TASKS_FILE): ResearchTask[] {
  const tasks = z.array(taskSchema).parse(JSON.parse(readFileSync(file, "utf8")));
  const ids = tasks.map((task) => task.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length) throw new Error(`tasks.json repeats the id ${repeated[0]}`);
  return tasks;
}
