/**
 * How every error line of the interview starts, whether it ends the command (run-cli writes
 * `idea-explorer <command>: ` before those) or only a turn (the loop writes this): one prefix
 * tells the person or the script reading stderr which program is complaining.
 */
export const INTERVIEW_ERROR_PREFIX = "idea-explorer interview: ";
