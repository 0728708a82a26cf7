/**
 * The kinds of ledger movement the server writes (`ledger_transactions.kind`), with the Chinese name a person reads
 * wherever a movement is shown: the console's 账变记录, the member's records. Zod-free, so the web app may import it
 * (`@h5/contract/movement-types`). movement-types.test.ts fails when the server writes a kind this table lacks.
 */
export const MOVEMENT_TYPES = {
  deposit: '存款',
  deposit_bonus: '存款赠送',
  withdrawal: '提款申请',
  withdrawal_paid: '提款出款',
  withdrawal_returned: '提款退回',
  /** Between the central wallet and a venue whose wallet lives in our ledger. */
  transfer_in: '转入场馆',
  transfer_out: '转出场馆',
  /** A transfer into a remote venue: held until the venue confirms (in) or the transfer is refunded. */
  remote_transfer_hold: '转入场馆（处理中）',
  remote_transfer_in: '转入场馆（已确认）',
  remote_transfer_refund: '转入场馆退回',
  remote_transfer_out: '转出场馆',
  bet_stake: '投注',
  bet_payout: '派彩',
  bet_rollback: '投注撤销',
  adjustment: '余额调整',
  rebate: '返水',
  redpacket: '红包',
  commission: '佣金',
} as const satisfies Record<string, string>;

export type MovementType = keyof typeof MOVEMENT_TYPES;

/** What a person reads for a movement kind: a kind this table lacks is shown as 其他, never as its code. */
export const OTHER_MOVEMENT_NAME = '其他';

export function isMovementType(kind: string): kind is MovementType {
  return Object.prototype.hasOwnProperty.call(MOVEMENT_TYPES, kind);
}

export function movementTypeName(kind: string): string {
  return isMovementType(kind) ? MOVEMENT_TYPES[kind] : OTHER_MOVEMENT_NAME;
}
