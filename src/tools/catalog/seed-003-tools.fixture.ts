import { type ToolSet, tool } from "ai";
import { z } from "zod";

/**
 * Test fixture: seed 003's tools as real AI SDK tools (descriptions from the seed, zod schemas
 * with its parameters), so tests build the catalog the way the product does: from the tools.
 */
export function seed003Tools(): ToolSet {
  const ok = async () => ({ ok: true });
  const doc = (description: string, shape: z.ZodRawShape) =>
    tool({ description, inputSchema: z.object(shape), execute: ok });
  return {
    createDocument: doc("Create a new document with a title and content.", {
      title: z.string().describe("Document title"),
    }),
    readDocument: doc("Read a document by id.", { id: z.string() }),
    createPlan: doc("Create a step-by-step plan for the task.", { goal: z.string() }),
    searchTools: doc("Search for available tools by name, category, or capability.", {
      query: z.string(),
    }),
    agentBrowserNavigate: doc(
      "Navigate to a URL using the AI browser. Returns an accessibility snapshot with interactive element references (@e1, @e2). Use for: web browsing, search engine queries, reading dynamic pages.",
      { url: z.string().describe("The URL to navigate to") },
    ),
    agentBrowserInteract: doc(
      "Interact with elements on the current browser page using refs from a snapshot. Supports click, fill, type, hover, check, uncheck. Returns updated snapshot after interaction.",
      {
        action: z.enum(["click", "fill", "type", "hover", "check", "uncheck"]),
        ref: z.string().describe("element ref like '@e1'"),
        value: z.string().optional().describe("text for fill/type"),
      },
    ),
    agentBrowserExtract: doc(
      "Extract content from the current browser page or specific element. Returns text, HTML, input value, or accessibility snapshot.",
      {
        ref: z.string().optional().describe("element ref"),
        extractType: z.enum(["text", "html", "value", "snapshot"]).default("text"),
      },
    ),
    agentBrowserClose: doc(
      "Close the current browser session and free resources. Always call when done with browser automation.",
      {},
    ),
    browseWeb: doc(
      "Browse a URL and extract its text content using Browserbase cloud browser. Returns up to 15,000 chars of readable text. Use for reading articles, docs, known URLs. Simpler than agent-browser.",
      { url: z.string().describe("The URL to browse") },
    ),
    executeCode: doc(
      "Execute Python code in a secure E2B sandbox with internet access. Supports pip package installation. Can generate downloadable files (PPTX, DOCX, XLSX, PDF). Returns stdout, stderr, generated files as base64, and chart images.",
      {
        code: z.string().describe("Python code to execute"),
        installPackages: z.array(z.string()).optional().describe("pip packages to install first"),
      },
    ),
    getWeather: doc(
      "Get current weather information for a location. Returns temperature, conditions, humidity, wind. Requires user approval before execution.",
      {
        city: z.string().optional(),
        latitude: z.number().optional(),
        longitude: z.number().optional(),
      },
    ),
  };
}

export const SEED_003_METADATA = {
  createDocument: { category: "Documents" },
  readDocument: { category: "Documents" },
  createPlan: { category: "Planning" },
  searchTools: { category: "Discovery" },
  agentBrowserNavigate: { category: "Browser Automation", relatedSkill: "agent-browser" },
  agentBrowserInteract: { category: "Browser Automation", relatedSkill: "agent-browser" },
  agentBrowserExtract: { category: "Browser Automation", relatedSkill: "agent-browser" },
  agentBrowserClose: { category: "Browser Automation", relatedSkill: "agent-browser" },
  browseWeb: { category: "Web Content", relatedSkill: "browserbase" },
  executeCode: { category: "Code Execution" },
  getWeather: { category: "Utility" },
};

export const SEED_003_CORE = ["createDocument", "readDocument", "createPlan", "searchTools"];
