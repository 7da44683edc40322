/**
 * Stands in for @ai-sdk/gateway in the Worker build (wrangler.jsonc `alias`). The AI SDK imports
 * the Vercel AI Gateway provider to resolve a model given as a bare string id; the Worker always
 * passes a provider's model object (Anthropic or OpenAI-compatible, see src/models), so the
 * gateway's ~80 KiB never runs here. Its error classes are asked `isInstance` on every failure:
 * nothing is a gateway error where there is no gateway.
 */
class NoGatewayError extends Error {
  static isInstance(_error: unknown): boolean {
    return false;
  }
}

export const GatewayError = NoGatewayError;
export const GatewayAuthenticationError = NoGatewayError;

function unavailable(): never {
  throw new Error(
    "this deployment (Cloudflare Worker) has no AI Gateway provider: name the model's provider",
  );
}

export const createGateway = unavailable;
export const gateway = Object.assign(unavailable, {
  languageModel: unavailable,
  textEmbeddingModel: unavailable,
  embeddingModel: unavailable,
  imageModel: unavailable,
});
