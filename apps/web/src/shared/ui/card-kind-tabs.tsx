import type { CARD_TYPE } from '@h5/contract/codes';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from '../router/router';
import './lists.css';

export type CardKind = keyof typeof CARD_TYPE;

/** ?type of the card screens and the withdrawal: 1 is USDT, 2 bank cards (getcard counts the other way). */
const TAB_OF: Record<CardKind, '1' | '2'> = { usdt: '1', bank: '2' };

/**
 * The card kind the address names (?type=1 USDT, 2 bank cards) and the setter of its tabs. Without a ?type, the
 * `fallback` (USDT when none is given).
 */
export function useCardKind(fallback: CardKind = 'usdt') {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const kind: CardKind = type === '2' ? 'bank' : type === '1' ? 'usdt' : fallback;
  return {
    kind,
    named: type === '1' || type === '2',
    choose: (tab: string) => setParams({ type: tab }, { replace: true }),
  };
}

/** The ?type of a card kind's tab. */
export const cardKindTab = (kind: CardKind) => TAB_OF[kind];

/** The tab to open when the address names none: the kind the member has a card of, USDT when both or neither. */
export function preferredCardKind(
  usdt: readonly unknown[] | undefined,
  bank: readonly unknown[] | undefined,
): CardKind {
  return (usdt?.length ?? 0) === 0 && (bank?.length ?? 0) > 0 ? 'bank' : 'usdt';
}

/** The USDT and 银行卡 tabs of the card screens and the withdrawal; the choice is kept in the address. */
export function CardKindTabs({ kind, onChoose }: { kind: CardKind; onChoose: (tab: string) => void }) {
  return (
    <Tabs activeKey={TAB_OF[kind]} onChange={onChoose} className="page-tabs">
      <Tabs.Tab key="1" title="USDT" />
      <Tabs.Tab key="2" title="银行卡" />
    </Tabs>
  );
}
