import { describe, expect, it } from "vitest";
import { toolFailureMessage } from "./tool-failure-message.ts";

describe("toolFailureMessage", () => {
  it("reduces the SDK's schema failure text to the zod messages", () => {
    const sdkText =
      'AI_InvalidToolInputError: Invalid input for tool t: AI_TypeValidationError: Type validation failed: Value: {"p":"1"}.\n' +
      'Error message: [\n  {\n    "code": "custom",\n    "path": ["p"],\n    "message": "bad p"\n  },\n  {"message": "worse"}\n]';
    expect(toolFailureMessage(sdkText)).toBe("invalid input: bad p; worse");
  });

  it("keeps the first line of anything else, without the error's class name", () => {
    const error = new Error('Not found: "a.md" does not exist\nstack');
    error.name = "FileReadError";
    expect(toolFailureMessage(error)).toBe('Not found: "a.md" does not exist');
    expect(toolFailureMessage("Invalid input for tool t: no JSON here")).toBe(
      "Invalid input for tool t: no JSON here",
    );
  });

  it("drops the class names an SDK message quotes from the errors it wraps", () => {
    expect(
      toolFailureMessage(
        new Error("Invalid input for tool t: AI_TypeValidationError: Type validation failed"),
      ),
    ).toBe("Invalid input for tool t: Type validation failed");
    expect(toolFailureMessage(new TypeError("x is not a function"))).toBe("x is not a function");
  });
});
