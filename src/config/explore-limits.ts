// Kept apart from explore-request.ts's zod schema: the command-line parsers need them before
// anything else loads (idea-explorer explore --help must not load zod).

export const MAX_IDEA_LENGTH = 10_000;
/** A run may take up to a day: a CPU-bound local model can need hours. */
export const MAX_TIMEOUT_SECONDS = 86_400;
