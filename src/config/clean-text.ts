/**
 * Terminal escape sequences as a whole: CSI ("ESC [" or its one-byte form U+009B, parameters, a
 * final byte: colours, cursor moves, clearing) and OSC ("ESC ]" up to BEL or "ESC \\": window
 * titles, hyperlinks). Removed whole, so "\x1b[31mred\x1b[0m" leaves "red", not "[31mred[0m".
 */
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;
/** Every other control but tab and newline (see text-problems.ts for why each is unwelcome). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text that nobody can be asked to fix (an issue body written by anyone, answered by a job that
 * has nobody to talk to), made fit for prompts, commits and comments instead of refused: line
 * breaks of every platform become "\n" (a lone carriage return too, as old Mac files and some
 * pastes have them), escape sequences and other controls are dropped, and half a surrogate pair
 * becomes U+FFFD, the replacement character a decoder would have written. Tab, newline and every
 * printable character are kept, so what a person meant survives.
 */
export function cleanUntrustedText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(ESCAPE_SEQUENCE, "")
    .replace(CONTROL, "")
    .replace(LONE_SURROGATE, "\ufffd");
}
