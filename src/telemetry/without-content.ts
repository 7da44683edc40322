import type { Telemetry } from "ai";

/** The integration's event hooks: onStart, onStepEnd, experimental_onDecideEnd... */
const EVENT_HOOK = /^(experimental_)?on[A-Z]/;

/**
 * The AI SDK integration as it is, except that every event it is told of says "record no inputs
 * and no outputs", whatever the call asked for: the prompt, the instructions, tool arguments and
 * results and the model's text stay out of every span, for every call site, present and future.
 */
export function withoutContent(integration: Telemetry): Telemetry {
  return new Proxy(integration, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== "string" || !EVENT_HOOK.test(key) || typeof value !== "function") {
        return value;
      }
      return (event: unknown) =>
        value.call(
          target,
          event !== null && typeof event === "object"
            ? { ...event, recordInputs: false, recordOutputs: false }
            : event,
        );
    },
  });
}
