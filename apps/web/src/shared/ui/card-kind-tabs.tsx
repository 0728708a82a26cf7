import type { CARD_TYPE } from '@h5/contract/codes';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import './lists.css';

export type CardKind = keyof typeof CARD_TYPE;

/** ?type of the card screens and the withdrawal: 1 is USDT, 2 bank cards (getcard counts the other way). */
const TAB_OF: Record<CardKind, '1' | '2'> = { usdt: '1', bank: '2' };

/** The card kind the address names (USDT unless ?type=2) and the setter of its tabs. */
export function useCardKind() {
  const [params, setParams] = useSearchParams();
  const kind: CardKind = params.get('type') === '2' ? 'bank' : 'usdt';
  return { kind, choose: (tab: string) => setParams({ type: tab }, { replace: true }) };
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
