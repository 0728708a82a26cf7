import { useHistoryIndex, useLocation, useNavigate } from '../../shared/router/router';

/** Screens that send a member to bind a card and take them back afterwards (the withdrawal, on a card tab). */
const RETURNS = /^\/withdrawal(\?type=[12])?$/;

/**
 * Where a card bound here takes the member: back to the screen the binding began on when it said so in the link's
 * state (`{ returnTo }`), else the card list of the kind. Back in history when there is history, so the screen
 * is not in it twice.
 */
export function useAfterBind(cardList: string) {
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  const { state } = useLocation();
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return () => {
    if (typeof returnTo !== 'string' || !RETURNS.test(returnTo)) return void navigate(cardList, { replace: true });
    if (historyIndex() > 0) return void navigate(-1);
    return void navigate(returnTo, { replace: true });
  };
}
