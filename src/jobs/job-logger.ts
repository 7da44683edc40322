/**
 * Where the job engine reports what it handles itself and no caller sees: a job that failed, a
 * webhook step that threw, a runner error (the service writes it to stderr).
 */
export interface JobLogger {
  error(message: string, error?: unknown): void;
}
