import './lists.css';

/** A short list of rules or tips under a heading, one line each (`.rules-list`): numbered, or bulleted when told. */
export function RulesList({ items, bulleted = false }: { items: readonly string[]; bulleted?: boolean }) {
  const lines = items.map((item) => <li key={item}>{item}</li>);
  return bulleted ? <ul className="rules-list">{lines}</ul> : <ol className="rules-list">{lines}</ol>;
}
