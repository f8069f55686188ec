import { Document, Packer } from "docx";
import { htmlToContent } from "docx/html";
import { languageTag, textDirection } from "#shared/generation.ts";

/**
 * A Word document of a rendered text: headings, lists, emphasis and tables as Word's own,
 * right to left for Arabic. Loaded only when someone asks for a .docx (docx is large).
 */
export function wordDocument(
  html: string,
  { title, language }: { title: string; language: string },
): Promise<Blob> {
  const rtl = textDirection(language) === "rtl";
  const tag = languageTag(language);
  const content = htmlToContent(rtl ? `<div dir="rtl" style="direction: rtl">${html}</div>` : html);
  const document = new Document({
    title,
    creator: "AI Text Generator",
    styles: {
      default: {
        document: {
          run: {
            language: rtl
              ? { bidirectional: tag }
              : tag.startsWith("zh")
                ? { eastAsia: tag }
                : { value: tag },
            rightToLeft: rtl || undefined,
          },
        },
      },
    },
    sections: [{ children: [...content] }],
  });
  return Packer.toBlob(document);
}
