import { Fragment, type ReactNode } from "react";

/**
 * A catalog message whose `{placeholders}` are elements (a link, a bold number, an
 * isolated subject), so that each language keeps its own word order around them.
 */
export function fillNodes(template: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = template.split(/\{(\w+)\}/);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <Fragment key={index}>{nodes[part] ?? `{${part}}`}</Fragment>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
