// Its own module, free of dependencies: refresh --help shows it without loading the research code.
/** How old an exploration is before a refresh picks it when no age is given: about a quarter. */
export const DEFAULT_REFRESH_AGE_DAYS = 90;
