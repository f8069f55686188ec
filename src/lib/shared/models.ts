/**
 * Spec §9: the badge shown for each `modelUsed`.
 * Template drafts say plainly that they are templates (DESIGN §5); the local writer names
 * its model ("Local AI · Qwen2.5 0.5B").
 */
const BADGES: Record<string, string> = {
  "mistral-ai": "Mistral AI",
  localai: "Local AI",
  local: "Template draft",
  huggingface: "HuggingFace",
  openai: "OpenAI",
  "replicate-llama3": "Llama 3",
  phi2: "Phi-2",
  llama: "Llama",
  "aitextgenerator-advanced-ai": "Advanced AI",
  "aitextgenerator-ai": "AI Text Generator",
  "aitextgenerator-smart-ai": "Smart AI",
  stopped: "Stopped",
  /** The connection broke mid-text (client side only: the server finishes the text). */
  interrupted: "Unfinished",
};

export function modelBadge(
  modelUsed: string | null | undefined,
  modelName?: string | null,
): string {
  if (modelUsed === "llama" && modelName) return `Local AI · ${modelName}`;
  return (modelUsed && BADGES[modelUsed]) || "AI";
}
