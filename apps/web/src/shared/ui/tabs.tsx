import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  title: string;
}

/**
 * A tablist of real buttons (role tab, aria-selected; one tab in the Tab order, arrow keys, Home and End move
 * between them and select), drawn as antd-mobile's Tabs were: a scrolling row, the active tab underlined.
 * Ours: /activity is a first screen (docs/member-app.md "Our own components").
 */
export function Tabs({
  items,
  activeKey,
  onChange,
  label,
  className,
  panelId,
}: {
  items: readonly TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  label: string;
  className?: string;
  /** The id of the panel the tabs control, when there is one. */
  panelId?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    const button = list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[items.indexOf(item)];
    button?.focus();
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = items.findIndex((item) => item.key === activeKey);
    const next =
      event.key === 'ArrowRight'
        ? current + 1
        : event.key === 'ArrowLeft'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
  };
  return (
    <div className={className ? `ui-tabs ${className}` : 'ui-tabs'}>
      <div ref={list} className="ui-tabs-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={active ? 'ui-tab ui-tab-active' : 'ui-tab'}
              onClick={() => onChange(item.key)}
            >
              {item.title}
            </button>
          );
        })}
      </div>
    </div>
  );
}
