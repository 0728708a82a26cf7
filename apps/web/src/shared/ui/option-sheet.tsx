import { Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import './option-sheet.css';

export interface SheetOption<V extends string | number> {
  value: V;
  label: string;
  /** Shown at the end of the row (a balance, a count). */
  extra?: ReactNode;
}

interface OptionSheetProps<V extends string | number> {
  /** Heading of the sheet, also its accessible name. */
  title: string;
  visible: boolean;
  options: readonly SheetOption<V>[];
  value: V;
  onSelect: (value: V) => void;
  onClose: () => void;
}

/**
 * A bottom sheet listing options, one tap picks one (wallet pickers, record filters). Each option is a button
 * named by its label, the chosen one marked aria-pressed; long lists scroll inside the sheet.
 */
export function OptionSheet<V extends string | number>(props: OptionSheetProps<V>) {
  const { title, visible, options, value, onSelect, onClose } = props;
  const headingId = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="option-sheet">
      <section role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <header className="option-sheet-header">
          <h2 id={headingId} className="option-sheet-title">
            {title}
          </h2>
          <button type="button" className="option-sheet-close" onClick={onClose}>
            取消
          </button>
        </header>
        <ul className="option-sheet-list">
          {options.map((option) => {
            const selected = option.value === value;
            return (
              <li key={String(option.value)}>
                <button
                  type="button"
                  className={selected ? 'option-sheet-item selected' : 'option-sheet-item'}
                  aria-pressed={selected}
                  data-value={option.value}
                  onClick={() => {
                    onSelect(option.value);
                    onClose();
                  }}
                >
                  <span className="option-sheet-label">{option.label}</span>
                  {option.extra !== undefined && <span className="option-sheet-extra">{option.extra}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </Popup>
  );
}
