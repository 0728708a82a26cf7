import type { Card } from '@h5/contract';
import { MAX_CARDS_PER_KIND, USDT_BANK } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { Link } from '../../shared/router/router';
import { CardKindTabs, useCardKind, type CardKind } from '../../shared/ui/card-kind-tabs';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { useCards, useDeleteCard } from './api';
import './cards.css';
import { confirmDialog } from '../../shared/ui/dialogs';
import '../../shared/ui/lists.css';
import { LoadFailed } from '../../shared/ui/load-failed';

const KIND_LABEL: Record<CardKind, string> = { usdt: 'USDT地址', bank: '银行卡' };
const ADD_PATH: Record<CardKind, string> = { usdt: '/addUsdtCard', bank: '/addBankCard' };

/** /wallet?type (docs/member-app.md "Screens and routes"): USDT addresses (tab 1) and bank cards (tab 2), at most 5 of each. */
export function WalletPage() {
  const { kind, choose } = useCardKind();
  return (
    <main className="page cards-page" aria-label="卡片管理">
      <CardKindTabs kind={kind} onChoose={choose} />
      <CardList key={kind} kind={kind} />
    </main>
  );
}

function CardList({ kind }: { kind: CardKind }) {
  const cards = useCards(kind);
  const remove = useDeleteCard();

  const unbind = async (card: Card) => {
    const confirmed = await confirmDialog({
      title: MSG.tipTitle,
      content: MSG.unbindConfirm,
      confirmText: '确定',
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(card.id);
      Toast.show({ icon: 'success', content: MSG.unbindOk });
    } catch {
      // The client has shown the server's message.
    }
  };

  if (cards.isPending) return <PageLoading />;
  if (cards.isError) {
    return <LoadFailed onRetry={() => cards.refetch()} />;
  }
  const list = cards.data;
  return (
    <>
      {list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="column-list cards-list" aria-label={`${KIND_LABEL[kind]}列表`}>
          {list.map((card) => (
            <li
              key={card.id}
              className={kind === 'usdt' ? 'bound-card usdt' : 'bound-card bank'}
              data-card-id={card.id}
            >
              <div className="bound-card-head">
                <span className="bound-card-bank">
                  {card.ico && <img src={card.ico} alt="" className="bound-card-ico" />}
                  {card.bank === USDT_BANK ? 'USDT' : card.bank}
                </span>
                {kind === 'usdt' && <span className="bound-card-tag">{card.bank_owner}</span>}
              </div>
              {/* docs/member-app.md "Screens and routes": each card shows only its last 4 digits. */}
              <p className="bound-card-no" aria-label={`尾号${card.bank_not}`}>
                **** **** **** {card.bank_not}
              </p>
              <button
                type="button"
                className="bound-card-delete"
                aria-label={`解绑尾号${card.bank_not}`}
                onClick={() => void unbind(card)}
              >
                解绑
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* docs/member-app.md "Other rules": the add button is hidden at 5 cards of the kind. */}
      {list.length < MAX_CARDS_PER_KIND ? (
        <Link className="cards-add" to={ADD_PATH[kind]}>
          + 添加{KIND_LABEL[kind]}
        </Link>
      ) : (
        <p className="cards-limit">
          最多可绑定{MAX_CARDS_PER_KIND}个{KIND_LABEL[kind]}
        </p>
      )}
    </>
  );
}
