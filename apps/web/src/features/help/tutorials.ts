/** Our own short tutorials behind the customer-service page's links (docs/member-app.md "Screens by route" /kefu), read at /boutBallBetInfo?tutorial=key. */
export interface Tutorial {
  key: string;
  title: string;
  steps: readonly string[];
}

export const TUTORIALS: readonly Tutorial[] = [
  {
    key: 'deposit',
    title: '存款教程',
    steps: [
      '登录后点击首页“存款”，或进入“我的-存款”。',
      '选择支付方式（银行卡、USDT、支付宝等），输入存款金额，金额需在页面提示的范围内。',
      '按页面信息完成付款：银行转账需填写存款人姓名与银行信息；扫码类支付请在60分钟内完成。',
      '提交后等待到账，可在“交易记录”中查看状态。',
    ],
  },
  {
    key: 'withdrawal',
    title: '取款教程',
    steps: [
      '先在“卡片管理”绑定本人银行卡或USDT地址（各最多5张）。',
      '进入“取款”，选择银行卡或USDT，输入金额（单笔不低于100元）与支付密码。',
      '提交后等待后台审核，审核结果可在“交易记录”中查看。',
    ],
  },
  {
    key: 'transfer',
    title: '转账教程',
    steps: [
      '各游戏场馆使用独立钱包，进入游戏前需把中心钱包余额转入场馆。',
      '开启“自动转账”后系统会自动完成；关闭时可在“转账”页面手动选择转出与转入钱包。',
      '场馆之间不能直接互转，可使用“一键回收”把所有场馆余额收回中心钱包。',
    ],
  },
  {
    key: 'handicap',
    title: '让球盘口说明',
    steps: [
      '让球是为平衡强弱双方而设：强队让出若干球，比赛结果按让球后的比分结算。',
      '例如主队让0.5球：主队须赢球，投注主队才算赢；平局或输球则投注客队赢。',
      '让球为整数时可能出现“走盘”，即退还本金。',
    ],
  },
  {
    key: 'single',
    title: '单注投注说明',
    steps: [
      '单注即只选择一场比赛的一个选项进行投注。',
      '派彩 = 投注金额 × 赔率，结果只取决于这一场比赛。',
      '适合刚接触体育投注的会员，风险与收益都更直观。',
    ],
  },
  {
    key: 'parlay',
    title: '串关投注说明',
    steps: [
      '串关是把两场或以上不同比赛的选项组合成一注。',
      '所有选项都猜中才算赢，赔率为各场赔率相乘，回报更高。',
      '任意一场未中则整注不中；遇到走盘的场次按赔率1计算。',
    ],
  },
  {
    key: 'sports-rules',
    title: '体育规则',
    steps: [
      '除特别注明外，足球投注以90分钟常规时间（含伤停补时）的赛果为准，不含加时赛与点球。',
      '比赛腰斩、延期超过36小时未开赛的，相关注单将作取消处理并退还本金。',
      '结算以官方公布的赛果为准。',
    ],
  },
  {
    key: 'gameplay',
    title: '游戏玩法',
    steps: [
      '真人视讯：与真人荷官实时互动，常见玩法有百家乐、龙虎、轮盘。',
      '电子游艺：选择投注额后转动转轴，按派彩表连线获奖。',
      '棋牌与彩票：按各游戏内的规则说明进行，开奖结果公开透明。',
    ],
  },
];

export function findTutorial(key: string | null): Tutorial | undefined {
  return TUTORIALS.find((t) => t.key === key);
}
