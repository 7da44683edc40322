/** The `code` of a Node system error (`ENOENT`, `ELOOP`, ...), or undefined for anything else. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

export function isNotFound(error: unknown): boolean {
  return errnoCode(error) === "ENOENT";
}
