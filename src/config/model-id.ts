/** As long as the API's `model` field may be; real ids are far shorter. */
export const MAX_MODEL_ID_LENGTH = 100;

/**
 * Why `id` cannot name a model, or undefined when it can. Ids have no spaces or control
 * characters (Anthropic's, Ollama's "llama3.1:8b", a hub's "org/model" alike); one that does is a
 * pasted sentence or a broken variable, which would otherwise fail every job at the API instead
 * of the start.
 */
export function modelIdProblem(id: string): string | undefined {
  if (id.trim() === "") return "is empty";
  if (id.length > MAX_MODEL_ID_LENGTH) {
    return `is longer than ${MAX_MODEL_ID_LENGTH} characters`;
  }
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(id);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `contains a control character (U+${code})`;
  }
  if (/\s/.test(id)) return "contains a space";
  return undefined;
}
