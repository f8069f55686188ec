/**
 * Spec §9: the badge shown for each `modelUsed`, and the name used in the success toast.
 * The offline engine says plainly that it is one (DESIGN §5).
 */
const BADGES: Record<string, string> = {
  "mistral-ai": "Mistral AI",
  localai: "Local AI",
  local: "Offline draft",
  huggingface: "HuggingFace",
  openai: "OpenAI",
  "replicate-llama3": "Llama 3",
  phi2: "Phi-2",
  llama: "Llama",
  "aitextgenerator-advanced-ai": "Advanced AI",
  "aitextgenerator-ai": "AI Text Generator",
  "aitextgenerator-smart-ai": "Smart AI",
  stopped: "Stopped",
};

const TOAST_NAMES: Record<string, string> = {
  local: "the offline draft engine",
  "mistral-ai": "Mistral AI",
  localai: "a local AI model",
  "aitextgenerator-ai": "AI Text Generator",
  "aitextgenerator-smart-ai": "Smart AI",
};

export function modelBadge(modelUsed: string | null | undefined): string {
  return (modelUsed && BADGES[modelUsed]) || "AI";
}

export function modelToastName(modelUsed: string): string {
  return TOAST_NAMES[modelUsed] ?? modelBadge(modelUsed);
}
