/**
 * Spec §9: product names shown as the badge of their `modelUsed`. The other badges (template
 * drafts, local AI, stopped texts) are words, in the catalog (src/i18n, `modelBadge`).
 */
const BRANDS: Record<string, string> = {
  "mistral-ai": "Mistral AI",
  huggingface: "HuggingFace",
  openai: "OpenAI",
  "replicate-llama3": "Llama 3",
  phi2: "Phi-2",
  llama: "Llama",
  "aitextgenerator-ai": "AI Text Generator",
};

export function brandBadge(modelUsed: string | null | undefined): string | null {
  return (modelUsed && BRANDS[modelUsed]) || null;
}
