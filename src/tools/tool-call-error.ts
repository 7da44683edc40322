/**
 * A tool call that failed in a way the model should read and react to. Thrown from `execute`,
 * the SDK hands the model `String(error)`, "<Name>: <message>"; `errorType` goes into the
 * tool-call log. Each tool names its own subclass so the model sees which tool failed.
 */
export class ToolCallError extends Error {
  override readonly name: string = "ToolCallError";
  readonly errorType: string;

  constructor(message: string, errorType: string) {
    super(message);
    this.errorType = errorType;
  }
}
