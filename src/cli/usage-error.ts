import { ConfigError } from "../config/config-error.ts";

/** Wrong command-line use: printed as one line with a pointer to --help, exit code 2. */
export class UsageError extends ConfigError {}
