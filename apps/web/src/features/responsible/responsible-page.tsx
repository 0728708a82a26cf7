import type { RgInfo } from '@h5/contract';
import {
  RG_BREAKS,
  RG_LIMIT_KINDS,
  RG_LIMIT_LABELS,
  type RgBreakPeriod,
  type RgLimitKind,
} from '@h5/contract/responsible-codes';
import { Button, Input, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { ChoiceGroup } from '../../shared/ui/choice-group';
import { confirmDialog } from '../../shared/ui/dialogs';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { useResponsible, useSetLimit, useStartBreak } from './api';
import '../../shared/ui/panel.css';
import './responsible.css';
import { TitledSection } from '../../shared/ui/titled-section';

const USED_LABEL: Partial<Record<RgLimitKind, [keyof RgInfo['used'], string]>> = {
  deposit_day: ['deposit_day', '今日已存'],
  deposit_week: ['deposit_week', '本周已存'],
  deposit_month: ['deposit_month', '本月已存'],
  loss_day: ['loss_day', '今日亏损'],
};

const unit = (kind: RgLimitKind) => (kind === 'session_minutes' ? '分钟' : '元');
const shown = (kind: RgLimitKind, value: string | null) => (value === null ? '不限' : `${value}${unit(kind)}`);

function LimitRow({ kind, info }: { kind: RgLimitKind; info: RgInfo }) {
  const limit = info.limits[kind];
  const [value, setValue] = useState('');
  const save = useSetLimit();
  const id = `rg-${kind}`;
  const used = USED_LABEL[kind];

  const send = async (next: string) => {
    if (save.isPending) return;
    try {
      const { message } = await save.mutateAsync({ kind, value: next });
      Toast.show({ icon: 'success', content: message });
      setValue('');
    } catch {
      // The server's message has been shown.
    }
  };

  return (
    <form
      className="rg-limit"
      aria-label={RG_LIMIT_LABELS[kind]}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void send(value);
      }}
      noValidate
    >
      <div className="rg-limit-head">
        <label className="rg-limit-label" htmlFor={id}>
          {RG_LIMIT_LABELS[kind]}
        </label>
        <span className="rg-limit-value" aria-label={`${RG_LIMIT_LABELS[kind]}当前`}>
          {shown(kind, limit.value)}
        </span>
      </div>
      {used ? (
        <p className="rg-note">
          {used[1]} {info.used[used[0]]}元
        </p>
      ) : null}
      {limit.pending ? (
        <p className="rg-note rg-pending" role="note">
          待生效：{limit.pending.effective_at} 起调整为 {shown(kind, limit.pending.value)}
        </p>
      ) : null}
      <div className="rg-limit-edit">
        <Input
          id={id}
          value={value}
          onChange={setValue}
          inputMode={kind === 'session_minutes' ? 'numeric' : 'decimal'}
          placeholder={kind === 'session_minutes' ? '提醒时间（分钟）' : '新的限额（元）'}
          maxLength={12}
        />
        <Button size="small" color="primary" type="submit" loading={save.isPending} disabled={!value.trim()}>
          保存
        </Button>
        {limit.value !== null ? (
          <Button size="small" fill="outline" type="button" disabled={save.isPending} onClick={() => void send('')}>
            取消限额
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const BREAK_CHOICES = (Object.keys(RG_BREAKS) as RgBreakPeriod[]).map((value) => ({
  value,
  label: RG_BREAKS[value].label,
}));

function BreakSection({ info }: { info: RgInfo }) {
  const [period, setPeriod] = useState<RgBreakPeriod>('cooloff_1d');
  const start = useStartBreak();
  const go = async () => {
    if (start.isPending) return;
    const confirmed = await confirmDialog({
      title: '温馨提示',
      content: `确定开始${RG_BREAKS[period].label}吗？开始后不能缩短或取消，期间无法存款、转入场馆和进入游戏，提现不受影响。`,
    });
    if (!confirmed) return;
    try {
      const { message } = await start.mutateAsync({ period });
      Toast.show({ icon: 'success', content: message });
    } catch {
      // The server's message has been shown.
    }
  };
  return (
    <TitledSection
      titleId="rg-break-title"
      title="冷静期与自我排除"
      className="panel"
      titleClassName="rg-title"
      level="h3"
    >
      {info.break ? (
        <p className="rg-status" role="status">
          {info.break.kind === 'cooloff' ? '冷静期中' : '自我排除中'}：
          {info.break.until ? `至 ${info.break.until}` : '永久'}
        </p>
      ) : (
        <p className="rg-note">冷静期可选24小时至6周，自我排除可选6个月、1年或永久。</p>
      )}
      <ChoiceGroup label="限制时长" choices={BREAK_CHOICES} value={period} onChange={setPeriod} />
      <Button block color="danger" type="button" loading={start.isPending} onClick={() => void go()}>
        开始{RG_BREAKS[period].label}
      </Button>
    </TitledSection>
  );
}

/** 理性娱乐 (ours): the member's own limits, a cool-off or self-exclusion, and every change. */
export function ResponsiblePage() {
  const query = useResponsible();
  if (query.isPending) return <PageLoading />;
  if (query.isError || !query.data) return <EmptyState title="加载失败，请稍后再试" />;
  const info = query.data;
  return (
    <main className="page rg-page" aria-label="理性娱乐">
      <p className="rg-intro">为自己设定存款、亏损和时长上限。收紧立即生效；放宽或取消需等待24小时后生效。</p>
      <TitledSection titleId="rg-limits-title" title="我的限额" className="panel" titleClassName="rg-title" level="h3">
        {RG_LIMIT_KINDS.map((kind) => (
          <LimitRow key={kind} kind={kind} info={info} />
        ))}
      </TitledSection>
      <BreakSection info={info} />
      <TitledSection titleId="rg-history-title" title="变更记录" className="panel" titleClassName="rg-title" level="h3">
        {info.history.length === 0 ? (
          <EmptyState title="暂无变更记录" />
        ) : (
          <ul className="rg-history" aria-label="变更记录列表">
            {info.history.map((h) => (
              <li key={h.id} className="rg-history-item">
                <span>{h.summary}</span>
                <span className="rg-note">
                  {h.created_at}
                  {h.by === 'operator' ? ' · 客服设置' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </main>
  );
}
