import { FIRST_SCREEN_MSG } from './first-screen-messages';
import { LANDING_MSG } from './landing-messages';

/**
 * Every Chinese user-facing message. docs/member-app.md "Validation rules" and "Messages and errors" are a contract: copy them character for character,
 * odd spacing and typos included (' 用户名…' with its leading space, 请输人, 您还为绑定).
 */
export const MSG = {
  // docs/member-app.md "Register rules" and "Login rules": LANDING_MSG, spread in below.

  // docs/member-app.md "Partner application rules" and "Profile rules"
  mobileInvalid: '请输入正确手机号',
  applyInfoRequired: '请输入申请理由',
  emailInvalid: '请输入正确邮箱号',
  birthdayInvalid: '请输入正确的日期格式：YYYY-MM-DD',

  // docs/member-app.md "USDT address rules"
  usdtAddressRequired: '请输入USDT地址',
  usdtProtocolRequired: '请选择钱包协议',
  cardPayPassRequired: '请输人支付密码',

  // docs/member-app.md "Bank card rules" (cardPayPassRequired above is shared)
  bankOwnerRequired: '请输入姓名',
  bankRequired: '请输入银行',
  bankAddressRequired: '请输入开户行地址',
  bankNoRequired: '请输人银行卡号',
  bankNoLength: '请输人正确的卡号长度',
  cardPayPassLength: '请输人支付密码长度',

  // docs/member-app.md "Password change rules" (passwordMismatch above is shared)
  oldPasswordRequired: '请输入旧密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请输入确认密码',
  oldPasswordLength: '请输入正确的旧密码长度',
  newPasswordLength: '请输入正确的新密码长度',
  passwordUnchanged: '新旧密码不能一致！',

  // docs/member-app.md "Deposit rules" (the range message is depositRangeMessage below)
  depositorNameRequired: '请输入存款人姓名',
  depositBankRequired: '请输入银行类型',
  depositBankNoRequired: '请输入银行卡号',
  depositBankAddressRequired: '请输入银行开户行地址',

  // docs/member-app.md "Withdrawal rules"
  withdrawBankCardRequired: '请选择您要提现到的银行卡',
  withdrawUsdtRequired: '请选择USDT地址',
  withdrawBelowMin: '单笔取款不能低于100元',
  withdrawPasswordRequired: '请输入您的支付密码',

  // docs/member-app.md "Transfer rules"
  transferAmountRequired: '请输入操作金额！',
  venueTransferUnsupported: '场馆内钱包不支持互转',

  // docs/member-app.md "Other rules"
  noRebateQuota: '暂无领取额度！',
  redpacketNotEligible: '您暂未达到领取条件，快去完成吧！',

  // docs/member-app.md "States and transitions" names the red packet's not-started and ended dialogs without their texts: these are ours.
  redpacketNotStarted: '红包活动尚未开始',
  redpacketEnded: '今日红包活动已结束',
  // docs/member-app.md "Screens by route" /fanshui: the claim time of a rebate row with state 0 ("shown as not yet claimed").
  rebateUnclaimed: '暂未领取',

  // docs/member-app.md "Messages and errors", success toasts
  ok: '操作成功',
  unbindOk: '解绑成功',
  bindOk: '绑定成功',
  passwordChanged: '密码修改成功！',
  submittedForReview: '提交成功，等待后台审核',

  // docs/member-app.md "Roles and permissions" and "Messages and errors", dialogs
  tipTitle: '温馨提示',
  unbindConfirm: '确定要解除绑定该卡片吗？',
  noCardsBound: '您还为绑定任何钱包卡片，请前往绑定！',

  // docs/member-app.md "Messages and errors", empty lists
  noMore: '没有更多了',
  noBetRecords: '还没有任何投注记录',

  // docs/wire-rules.md "Business codes", server messages
  nameTaken: '此用户名已被注册',
  amountAboveBalance: '操作金额高于账户余额',
  venueToVenueRefused: '场馆之间禁止互转',
  recycleOk: '回收成功',
  nothingToRecycle: '没有可回收的金额',
  settingSaved: '设置成功',
  refreshOk: '刷新成功',
  withdrawAboveBalance: '提现金额不能大于账户余额哦',
  noRedpacket: '暂无红包可抢',
  redpacketClaimed: '成功领取',
  applyOk: '申请成功',
  agentAlreadyApplied: '您已申请过代理',
  noRebate: '没有可领取的返水',

  // Ours: server messages the member app's contract leaves open
  loginFailed: '账号或密码错误',
  tooManyAttempts: '操作过于频繁，请稍后再试',
  accountDisabled: '账号已被禁用',
  badInput: '请求参数格式不正确',
  inputTooLong: '输入内容过长',
  bodyTooLarge: '请求内容过大',
  routeNotFound: '接口不存在',
  loginOk: '登录成功',
  registerOk: '注册成功',
  logoffOk: '退出成功',
  wrongOldPassword: '旧密码错误',
  wrongPayPassword: '支付密码错误',
  payPasswordUnset: '请先设置支付密码',
  cardLimit: '最多只能绑定5张卡',
  cardNotFound: '卡片不存在',
  sameWallet: '转出和转入钱包不能相同',
  withdrawDailyCount: '今日提现次数已达上限',
  withdrawUsdtBelowFee: '扣除手续费后到账USDT须大于0，请提高提现金额',
  siteMaintenance: '系统维护中，暂停存取款及游戏，请稍后再试',
  rebateSwitchedOff: '返水活动已关闭，暂不能领取',
  promotionMissing: '活动不存在',
  appliedPending: '您已申请过该活动，请等待审核',
  appliedApproved: '您已申请过该活动，申请已通过',
  appliedRejected: '您的活动申请已被拒绝',
  noRedpacketLeft: '今日领取次数已用完',
  notFound: '数据不存在',
  alreadyProcessed: '该记录已处理',
  serviceUnavailable: '客服暂时不可用',
  uploadTypeInvalid: '仅支持gif或png格式的图片',
  uploadTooLarge: '图片大小不能超过1MB',
  uploadMissing: '请选择要上传的图片',
  insufficientBalance: '账户余额不足',
  venueUnavailable: '该场馆暂未开放',
  transferOk: '转账成功',
  transferPending: '转账处理中，请稍后在转账记录中查看结果',
  transferRefusedByVenue: '场馆未接受本次转账，资金未发生变动',
  venueUsesCentralWallet: '该场馆直接使用中心钱包，无需转账',
  venueNotAnswering: '场馆暂时无法进入，请稍后再试',
  /** Beside a venue balance the venue did not confirm just now (balancelist `stale`): the last one it gave. */
  venueBalanceNotLive: '余额暂未更新',
  venueTransferSettled: '该转账已有结果，无需再对账',
  venueTransferStillPending: '场馆暂未确认该转账，仍在处理中',
  venueTransferReconciled: '已按场馆答复完成该转账',
  /** Note on a pending transfer and finance's reconcile answer: the venue confirmed another amount than ours. */
  venueAmountMismatch: '场馆确认金额与转账不符',
  venueTransferAmountMismatch: '场馆确认金额与转账不符，转账仍在处理中，请与场馆核实',
  /** Note on a pending transfer: the venue's signed answer names another transfer, amount or time. */
  venueAnswerUnbound: '场馆答复与本次转账不符，未予采信',
  /** A money call the database could not carry out now (contention); nothing moved. */
  moneyBusy: '系统繁忙，资金未发生变动，请稍后再试',
  /** Any other call the database could not carry out now (contention); it was rolled back. */
  serverBusy: '系统繁忙，请稍后再试',
  /** Any call that reaches a server while it stops (docs/operations.md "Crashes lose nothing"): nothing was done. */
  serverRestarting: '服务正在重启，请稍后再试',
  sandboxTicketExpired: '游戏会话已过期，请重新进入游戏',
  stakeOutOfRange: '单注金额须在1-10000之间',
  nothingToSettle: '没有待结算的注单',
  operatorForbidden: '无权进行此操作',
  operatorSelfDisable: '不能停用自己的账号',
  operatorPasswordTooShort: '新密码长度不能少于8位',
  // Back office: the operators' console (two-factor sign-in, operators, queues, second review)
  otpRequired: '请输入动态验证码',
  otpWrong: '动态验证码错误或已使用，请输入验证器中的最新验证码',
  otpEnrollFirst: '请先在账号安全中开启两步验证（动态验证码）后再进行操作',
  otpNotPending: '请先生成两步验证二维码',
  otpAlreadyEnabled: '两步验证已开启，如需更换请联系管理员重置',
  otpEnabled: '两步验证已开启',
  otpReset: '两步验证已重置',
  operatorNameInvalid: '用户名须为3-32位字母、数字或下划线',
  operatorNameTaken: '该用户名已存在',
  operatorRoleInvalid: '角色须为 admin、finance 或 content',
  operatorSelfRole: '不能修改自己的角色',
  operatorLastAdmin: '至少需要保留一名启用的管理员',
  operatorCreated: '操作员已创建，密码仅显示一次，请妥善保存',
  /** Operator changes (docs/operators.md "Two people, judged by person"): a creation, a role, enabling again, a 2FA reset. */
  operatorChangeExists: '该操作员已有一项待审批的变更，请先审批或撤回',
  operatorNothingChanged: '该操作员已是此角色或状态，无需变更',
  operatorChangeOwnAccount: '不能审批与自己账号有关的变更，请由另一位管理员审批',
  operatorChangeStale:
    '提交后该操作员已有变化（用户名已被占用，或角色、状态、两步验证已改变），该变更已失效，请重新提交',
  dateInvalid: '日期格式不正确，应为YYYY-MM-DD',
  dateRangeInvalid: '开始日期不能晚于结束日期',
  reportRangeRequired: '请选择开始日期和结束日期',
  reportRangeTooLong: '查询范围不能超过366天',
  secondReviewPending: '金额超过复核线，初审已通过，等待另一位操作员复核',
  secondReviewSameOperator: '复核须由另一位操作员完成，您已完成初审',
  adjustReferenceReused: '该调整单号已用于其他会员或金额，请更换单号',
  adjustNoteRequired: '请填写调整备注',
  adjustPendingReview: '金额超过复核线，调整已提交，等待另一位操作员复核',
  adjustSameOperator: '调整须由另一位操作员复核，不能复核自己提交的调整',
  adjustRejectReasonRequired: '请填写拒绝原因',
  adjustApproved: '复核通过，已调整会员余额',
  adjustRejected: '已拒绝该调整',
  reviewLineRange: '复核线须在1至100000元之间，双人复核不能关闭',
  // The daily totals of the two-person lines, and the evidence of a manual deposit's approval (docs/operators.md "Two-person lines").
  dailyTotalRange: '每日合计须在1至1000000元之间，双人复核不能关闭',
  dailyTotalPending: '今日单人审核合计已达上限，初审已通过，等待另一位操作员复核',
  adjustDailyTotalPending: '今日单人调整合计已达上限，调整已提交，等待另一位操作员复核',
  depositGatewayOnly: '支付通道存款只能由支付通道的到账通知或查单入账，不能人工通过；逾期到账的款项请在逾期到账中处理',
  depositReceivingAccountRequired: '请选择款项到账的收款账户',
  depositReceivingAccountInvalid: '该收款账户不属于这笔存款的支付方式，请选择款项实际到账的账户',
  depositPayerReferenceRequired: '请填写付款流水号或付款人信息',
  depositEvidenceMismatch: '复核填写的收款账户或付款流水与初审记录不一致，请核对后再复核',
  amountInvalid: '请输入正确的金额',
  payWayUnavailable: '该支付方式暂未开放',
  depositExpired: '支付超时，订单已关闭',
  // The deposit life: 查单 (asking a gateway about one order) and late payments held for finance.
  depositNoGateway: '该存款不经支付通道，无法查单',
  gatewayUnreachable: '支付通道暂时无法连接，请稍后再试',
  gatewayQueryCredited: '支付通道确认已支付，存款已入账',
  gatewayQueryHeld: '支付通道确认已支付，但订单已关闭：款项已转入逾期到账，待财务确认',
  gatewayQueryAlreadyCredited: '支付通道确认已支付，该存款此前已入账',
  gatewayQueryAlreadyHeld: '支付通道确认已支付，款项已在逾期到账中等待财务确认',
  gatewayQueryUnpaid: '支付通道答复：该订单尚未支付',
  gatewayQueryExpired: '支付通道答复：该订单尚未支付，已超过支付时限，订单已关闭',
  gatewayQueryNotFound: '支付通道查无此订单',
  gatewayQueryAmountMismatch: '支付通道答复的金额与订单不符，未入账，已标记待核对',
  gatewayQueryOrderMismatch: '支付通道答复的不是该订单，未入账，已标记待核对',
  latePaymentCredited: '已确认入账，金额已入会员中心钱包',
  latePaymentRefused: '已拒绝该笔逾期到账',
  latePaymentReasonRequired: '请填写拒绝入账的原因',
  // 核对单个会员: the sealed ledger verified for one member's history.
  ledgerMemberRequired: '请输入要核对的会员账号',
  ledgerMemberUnknown: '没有这个会员账号，请检查拼写',
  gatewayNotFound: '支付通道不存在',
  gatewayInUse: '支付通道正在使用中（支付方式或待支付订单），请先停用',
  gatewayCodeInvalid: '通道代码须为2-32位小写字母、数字或下划线',
  gatewaySecretInvalid: '商户密钥长度须为8-128位',
  gatewayUrlInvalid: '提交地址须为 http(s) 网址',
  /** A gateway's submit_url: reconciliation sends the merchant key beside it, so it is the gateway's own address. */
  gatewaySubmitUrlAbsolute:
    '提交地址须为支付网关的完整 https 网址（如 https://pay.example.com/submit.php），不能是本站路径',
  gatewayMerchantRequired: '请输入商户号',
  bankWayNoGateway: '银行卡转账不能使用支付通道',
  rebateClaimed: '领取成功',
  duplicateRecord: '该记录已存在',
  timeRangeInvalid: '请输入正确的时间段',
  depositBandInvalid: '存款下限不能高于上限',
  // Back office: content and settings
  titleRequired: '请输入标题',
  contentRequired: '请输入内容',
  nameRequired: '请输入名称',
  imageUrlRequired: '请输入图片地址',
  urlInvalid: '请输入正确的链接地址（以/开头的站内路径或http(s)网址）',
  flagInvalid: '开关只能为0或1',
  sortInvalid: '排序须为整数',
  numberInvalid: '请输入正确的数值（最多两位小数）',
  countInvalid: '请输入正确的次数',
  gameCategoryInvalid: '请选择正确的游戏分类',
  articleTypeInvalid: '文章类型须为1-8',
  venueCodeInvalid: '场馆代码须为1-32位字母、数字或下划线',
  venueMissing: '场馆不存在，请先添加场馆',
  venueCodeLocked: '场馆代码创建后不能修改',
  venueHoldsMoney: '该场馆仍有会员余额或未结算注单，不能删除，请改为停用',
  venueWalletModeInvalid: '请选择钱包模式：转账钱包或无缝钱包',
  venueApiUrlRequired: '转账钱包场馆须填写接口地址（http或https网址）',
  venueSecretRequired: '转账钱包与无缝钱包场馆须填写签名密钥（至少16位）',
  venueCurrencyInvalid: '币种须为3位大写字母，如CNY',
  venueModeLocked: '该场馆仍有会员余额或未结算注单，不能更改钱包模式',
  // Integration changes (a venue's or gateway's address, secret, mode): a second admin approves (docs/operators.md "Operators and the back-office API")
  venueIntegrationSeparate: '场馆的钱包模式、接口地址、密钥和币种须由管理员在接入设置中提交',
  // A hub88 venue's keys and operator id (docs/venues.md "Connecting Hub88 step by step")
  venueProtocolInvalid: '请选择接入协议：H5 或 Hub88',
  venueOperatorIdInvalid: 'Hub88 运营商编号须为1-15位数字',
  venueHub88ApiUrlRequired: 'Hub88 场馆须填写游戏接口地址（http或https网址）',
  venueAggregatorKeyRequired: '请粘贴聚合商公钥（PEM 格式，以 -----BEGIN PUBLIC KEY----- 开头）',
  venueAggregatorKeyInvalid: '聚合商公钥无法使用：须为 PEM 格式的 RSA 公钥（以 -----BEGIN PUBLIC KEY----- 开头）',
  venuePrivateKeyRequired: '请粘贴我方私钥，或选择由系统生成密钥',
  venuePrivateKeyInvalid:
    '我方私钥无法使用：须为 PEM 格式的 RSA 私钥（以 -----BEGIN PRIVATE KEY----- 开头），长度至少2048位',
  venuePrivateKeyTwice: '粘贴私钥与生成密钥只能二选一',
  venueKeyTooLong: '密钥过长，请检查是否粘贴了多余内容',
  // The console's 同步游戏 of a hub88 venue (docs/venues.md "Hub88 catalogue")
  venueCatalogueNotHub88: '该场馆不是已接入的 Hub88 场馆（须为无缝钱包、Hub88 协议并已填写游戏接口地址），无法同步游戏',
  venueCatalogueFailed: '同步失败：聚合商未给出可用的游戏列表，游戏未作任何修改，请稍后再试',
  venueCatalogueSynced: '游戏已同步',
  payWayGatewayAdminOnly: '支付方式的支付通道仅限管理员设置',
  integrationSecretForNewAddress: '更换接口地址时须重新填写密钥',
  integrationNothingChanged: '接入设置没有变化',
  integrationChangePending: '已提交，待另一位管理员审批后生效',
  integrationChangeExists: '已有一项待审批的接入变更，请先审批或撤回',
  integrationChangeNotFound: '变更不存在',
  integrationChangeDecided: '该变更已处理',
  integrationMakerCannotApprove: '不能审批自己提交的变更，请由另一位管理员审批',
  /** Two people, judged by person (docs/operators.md "Two people, judged by person"): why an approver is not a second person. */
  secondPersonNewer: '您的账号在该事项提交之后才创建、变更或重新启用，不能复核此项',
  secondPersonVouched: '您的账号与提交人的账号由对方创建或变更过，不能复核此项，请由另一位操作员复核',
  secondPersonSharedSignIn: '您与提交人在同一设备或同一网络登录过，不能复核此项，请由另一位操作员复核',
  integrationChangeStale: '提交后接入设置已被修改，该变更已失效，请重新提交',
  integrationChangeApplied: '已通过，变更已生效',
  integrationChangeRejected: '已拒绝',
  integrationChangeWithdrawn: '已撤回',
  integrationRejectReasonRequired: '请填写拒绝或撤回的原因',
  // Outbound calls (venues, payment gateways): where an address may point (OUTBOUND_ALLOW)
  outboundUrlInvalid: '接口地址须为 http(s) 网址',
  outboundHttpsRequired: '接口地址不被允许：须使用 https',
  outboundPrivateAddress: '接口地址不被允许：不能指向内网、本机或云服务元数据地址',
  outboundUnresolved: '接口地址不被允许：域名无法解析',
  // The sandbox aggregator's test controls (SANDBOX=1)
  sandboxControlUnauthorized: '请提供沙盒控制令牌（SANDBOX_CONTROL_TOKEN）',
  settingsEmpty: '请至少提交一项设置',
  withdrawRangeInvalid: '最低提现金额不能高于最高提现金额',
  // Back office: a pay way's amount ranges (PUT /admin/api/pay-ways/:code)
  payRangeTypeInvalid: '请选择正确的金额范围类型',
  payRangeTypeRepeated: '同一类型只能设置一个金额范围',
  payRangeTypeOtherWay: '该金额范围类型不属于此支付方式',
  payRangeMinAboveMax: '最低金额不能高于最高金额',
  payRangesEmpty: '请至少设置一个金额范围',
  payRangesTooMany: '金额范围最多6个',
  // Back office: receiving accounts (POST/PUT /admin/api/receiving-accounts)
  receivingChannelInvalid: '请选择正确的收款渠道',
  receivingBankNameRequired: '请输入收款银行名称',
  receivingBankNoRequired: '请输入收款银行卡号',
  receivingBankOwnerRequired: '请输入收款户名',
  receivingAccountRequired: '请输入收款账号或钱包地址',
  // Back office: VIP levels
  vipLevelInvalid: '等级须为1-99的整数',
  rebatePercentInvalid: '返水比例须在0-3%之间（有效投注的百分比）',
  // Settings that move money: caps (docs/operators.md "Caps on money settings") and their pending changes
  depositBonusPercentInvalid: '存款优惠比例须在0-100%之间',
  depositBonusMaxInvalid: '存款优惠单笔上限须在0-20000元之间',
  redpacketPercentInvalid: '红包上限须在当日存款的0-10%之间',
  redpacketGrabsInvalid: '可抢次数须为0-1000的整数',
  redpacketDayPercentInvalid: '可抢次数×红包上限不能超过当日存款的10%',
  redpacketBandTooHigh: '当日存款上限不能超过1000000元',
  payRangeMaxTooHigh: '单笔存款最高金额不能超过1000000元',
  settingChangeExists: '该项已有一项待审批的变更，请等待管理员审批或撤回',
  settingChangeStale: '提交后该项设置已被修改，该变更已失效，请重新提交',
  // Back office: image upload (POST /admin/api/files)
  imageUploadEmpty: '图片文件为空，请重新选择',
  imageUploadTypeInvalid: '仅支持PNG、JPEG、GIF或WebP格式的图片',
  imageUploadSvgRefused: '不支持SVG图片（可能含有脚本），请转换为PNG或JPEG后上传',
  imageUploadTooLarge: '图片大小不能超过2MB',
  imageUploadPurposeInvalid: '图片用途只能为轮播图或内容图片',
  // The partner programme: the agent centre and the back office's plans, partners and statements
  notPartner: '您还不是代理，请先在“申请代理”提交申请，审核通过后即可进入代理中心',
  partnerMissing: '该会员不是代理',
  planMissing: '佣金方案不存在',
  planTiersEmpty: '请至少设置一档佣金',
  planTierRateInvalid: '佣金比例须在0-60%之间',
  planTiersOrder: '各档的净盈利门槛须逐档递增',
  planFeeShareInvalid: '支付手续费比例须在0-100之间',
  monthInvalid: '月份格式不正确，应为YYYY-MM',
  monthNotEnded: '该月尚未结束，不能结算',
  inviterSelf: '会员不能成为自己的上级代理',
  statementPaid: '佣金已派发',

  // Ours: responsible gambling (理性娱乐, /api/responsible*)
  rgKindInvalid: '请选择要设置的限额类型',
  rgLimitInvalid: '请输入正确的限额金额',
  rgSessionInvalid: '提醒时间须为15-1440分钟之间的整数',
  rgBreakInvalid: '请选择冷静期或自我排除的时长',
  rgBreakNoShorten: '冷静期或自我排除期间不能缩短或取消',
  rgSavedNow: '设置成功，已立即生效',
  rgSavedPending: '放宽限制需等待24小时，届时自动生效',
  rgUnchanged: '设置未改变',
  rgBreakStarted: '设置成功，限制期内无法存款和进入游戏',
  rgCoolingOff: '您正处于冷静期，暂时无法存款、转入场馆或进入游戏，提现和转出不受影响',
  rgExcluded: '您已申请自我排除，暂时无法存款、转入场馆或进入游戏，提现和转出不受影响',
  rgLossLimitReached: '今日亏损已达到您设置的限额，今日无法转入场馆或进入游戏',
  rgBetCoolingOff: '会员正处于冷静期，不能下注',
  rgBetExcluded: '会员已申请自我排除，不能下注',
  rgBetLossLimit: '本注将超过会员设置的每日亏损限额，不能下注',
  // Back office: responsible gambling and risk flags
  rgOperatorLoosenRefused: '后台只能收紧会员的理性娱乐设置，放宽须由会员本人申请',
  riskFlagHandled: '该风险标记已处理',
  riskCleared: '已解除该风险标记',
  riskFrozen: '已冻结该会员',
  riskMemberNotLinked: '该会员不在此风险标记中',
  riskMemberAlreadyFrozen: '该会员已停用',

  // 在线客服 (docs/member-app.md "在线客服", docs/operators.md "The support desk")
  supportTextRequired: '请输入消息内容',
  supportRatingInvalid: '请选择1-5星评价',
  supportNotFound: '会话不存在或已被删除',
  supportClosed: '会话已结束，如需帮助请重新发起咨询',
  supportRateOpen: '会话结束后才能评价',
  supportRated: '感谢您的评价',
  supportAlreadyRated: '该会话已评价过了',
  supportSendTooFast: '发送过于频繁，请稍后再试',
  supportClaimedByOther: '该会话已由其他客服接待',
  supportNotYours: '请先接待该会话再回复',
  supportTransferTarget: '转接对象须为启用中的客服或管理员账号',
  supportAlreadyOpen: '该会员已有进行中的会话',
  supportImageInvalid: '图片无效，请重新上传',
  supportDeviceInvalid: '访客标识无效，请刷新页面后重试',
  /** The visitor's chat page says it above the box: money questions need the member's records. */
  supportVisitorMoney: '涉及存取款等资金问题，请先登录后咨询',

  // 意见反馈 (docs/member-app.md "意见反馈", docs/operators.md "Tickets")
  ticketCategoryInvalid: '请选择反馈类型',
  ticketTextRequired: '请填写反馈内容',
  ticketRecordInvalid: '请选择正确的订单类型并填写订单号',
  ticketRecordNotYours: '未找到该订单，请核对订单号',
  ticketCreated: '提交成功，我们会尽快处理',
  ticketTooFast: '提交过于频繁，请稍后再试',
  ticketNotFound: '工单不存在',
  ticketReplyRequired: '请输入回复内容',
  ticketClosed: '工单已关闭',
  ticketResolved: '工单已解决',
  ticketChanged: '工单状态已变更，请刷新后重试',
  ticketImagesTooMany: '最多上传3张图片',

  // The member app's first-screen messages (docs/member-app.md "Screens and routes", "Roles and permissions" and "Messages and errors"): last, so that a key given twice fails the typecheck.
  ...FIRST_SCREEN_MSG,
  // The messages of login, register and /payInfo (landing-messages.ts), last for the same reason.
  ...LANDING_MSG,
} as const;

export type MessageKey = keyof typeof MSG;

/** docs/member-app.md "Deposit rules": 请输入金额在{min}-{max}之间！ (also the server's recharge message). */
export function depositRangeMessage(min: number | string, max: number | string): string {
  return `请输入金额在${min}-${max}之间！`;
}

/** Ours, 理性娱乐: a deposit that would take the period's total past the member's limit; left = what may still be deposited. */
export function depositLimitMessage(period: '每日' | '每周' | '每月', limit: string, left: string): string {
  return `超出您设置的${period}存款限额${limit}元，本期还可存款${left}元`;
}

/** docs/wire-rules.md "Withdrawals", code 214: the turnover multiple is a site setting. */
export function turnoverNotMetMessage(multiple: number | string): string {
  return `打码量没有达到充值的${multiple}倍,无法正常提现`;
}

/** docs/member-app.md "Validation rules" says 单笔取款不能低于100元; the minimum is a site setting, so the number follows it. */
export function withdrawBelowMinMessage(min: number | string): string {
  return `单笔取款不能低于${min}元`;
}

/** Ours, code 215: the maximum is a site setting. */
export function withdrawAboveMaxMessage(max: number | string): string {
  return `单笔取款不能高于${max}元`;
}

/** Back office, PUT /admin/api/settings: a key that is not a site setting. */
export function unknownSettingMessage(key: string): string {
  return `不支持的设置项：${key}`;
}

/** Back office, PUT /admin/api/settings: a value refused, with the reason when there is one. */
export function settingInvalidMessage(key: string, reason?: string): string {
  return reason ? `设置项${key}的值不正确：${reason}` : `设置项${key}的值不正确`;
}
