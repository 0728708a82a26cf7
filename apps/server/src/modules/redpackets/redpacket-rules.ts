import { adminResources, centsToMoney, MSG } from '@h5/contract';
import type { z } from 'zod';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import type { MoneyRows } from '../backoffice/money-settings';
import { clockSeconds } from './redpackets-service';
import { redpacketRules } from '../../db/tables/redpackets';

/**
 * Red-packet rules in the back office (docs/operators.md "Who may move money"): a rule's window, band, grabs and prize cap pay
 * money out, so a new rule or a change of them waits for a second admin; its switch changes at once.
 */

type RuleRow = typeof redpacketRules.$inferSelect;
type Schema = typeof adminResources.redpacketRules.create.input;
type RuleInput = z.output<Schema>;

/** A window runs within one Beijing day (end exclusive); the band's lower bound is not above its upper one. */
export const checkRule = (i: RuleInput) =>
  clockSeconds(i.start_time) >= clockSeconds(i.end_time)
    ? MSG.timeRangeInvalid
    : i.day_flow > i.flow_money
      ? MSG.depositBandInvalid
      : null;

export const ruleColumns = (i: RuleInput) => ({
  startTime: i.start_time,
  endTime: i.end_time,
  dayFlow: centsToNumeric(i.day_flow),
  flowMoney: centsToNumeric(i.flow_money),
  recharge: i.recharge,
  money: centsToNumeric(i.money),
  enabled: i.enabled,
});

export const ruleAdminView = (r: RuleRow) => ({
  id: r.id,
  start_time: r.startTime,
  end_time: r.endTime,
  day_flow: numericToMoney(r.dayFlow),
  flow_money: numericToMoney(r.flowMoney),
  recharge: r.recharge,
  money: numericToMoney(r.money),
  enabled: r.enabled,
  pending_change: false,
});

export const redpacketRuleRows: MoneyRows<Schema, RuleRow> = {
  prefix: 'redpacket-rule',
  table: redpacketRules,
  schema: adminResources.redpacketRules.create.input,
  check: checkRule,
  fields: (i) => ({
    start_time: i.start_time,
    end_time: i.end_time,
    day_flow: centsToMoney(i.day_flow),
    flow_money: centsToMoney(i.flow_money),
    recharge: String(i.recharge),
    money: centsToMoney(i.money),
    enabled: String(i.enabled),
  }),
  rowFields: (r) => {
    const { id: _id, pending_change: _pending, ...view } = ruleAdminView(r);
    return { ...view, recharge: String(view.recharge), enabled: String(view.enabled) };
  },
  money: ['start_time', 'end_time', 'day_flow', 'flow_money', 'recharge', 'money'],
  columns: ruleColumns,
  immediate: ['enabled'],
};
