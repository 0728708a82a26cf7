import type { adminEndpoints } from '@h5/contract';
import type { DataOf } from '../../shared/api/client';

type WholeProblem = NonNullable<DataOf<typeof adminEndpoints.ledgerCheck>['seal']['first']>['problem'];
type MemberProblem = NonNullable<DataOf<typeof adminEndpoints.ledgerMemberCheck>['first']>['problem'];

/** What each problem of a movement means, for the alerts naming the first movement that does not verify. */
export const PROBLEM: Record<WholeProblem | MemberProblem, string> = {
  mac: '内容与封印不符（分录、金额、账户、单号或时间被改动）',
  unsealed: '没有封印（未经记账函数写入，或写入时封存未开启）',
  'unknown-key': '封印所用密钥不在本服务器配置的密钥之中，无法验证',
  refused: '链接任务拒收了它（当时封印未通过验证），未入链',
  unchained: '封印后超过一分钟仍未入链，或被移出了链',
  chain: '链哈希与前一笔不衔接',
  missing: '其前一笔已链入的流水不见了（被删除）',
  digest: '每日摘要与链不符',
  unbalanced: '借贷不平（各分录合计不为零，分录被改动）',
};
