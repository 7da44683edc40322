/** One segment: a folder with a slash (even an encoded one) is refused by the folder check (400). */
export const REFRESH_ONE_PATH = "/api/explorations/:folder/refresh";
export const REFRESH_STALE_PATH = "/api/refresh";
