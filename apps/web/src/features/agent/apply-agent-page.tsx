import { validateAgentApplication } from '@h5/contract/validation';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../shared/router/router';
import { useSession } from '../../shared/session/hooks';
import { FormField, TextInputField } from '../../shared/ui/form-field';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { useAgentApplyState, useApplyAgent } from './api';
import '../../shared/ui/panel.css';
import './agent.css';
import '../../shared/ui/lists.css';

const PERKS = [
  { title: '高额佣金', text: '按团队业绩每月结算，多劳多得' },
  { title: '专属后台', text: '实时查看下级会员与佣金报表' },
  { title: '一对一服务', text: '专属合营经理全程协助推广' },
] as const;

/** /applyagent (docs/member-app.md "Screens and routes" and "Validation rules"): the partner programme application, mobile and reason. */
export function ApplyAgentPage() {
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const apply = useApplyAgent();
  const applyState = useAgentApplyState();
  // Once applied, the form gives way to where the application stands; until the state is known, the form.
  const [justApplied, setJustApplied] = useState(false);
  const state = justApplied && !applyState.data ? 1 : (applyState.data ?? 0);
  const [form, setForm] = useState({ mobile: '', apply_info: '' });
  const submitOnce = useSubmitOnce();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isLoggedIn) {
      void navigate(`/login?redirect=${encodeURIComponent('/applyagent')}`);
      return;
    }
    const input = { mobile: form.mobile.trim(), apply_info: form.apply_info.trim() };
    // A refusal's message (e.g. 您已申请过代理) is shown by the client.
    await submitOnce({
      check: () => validateAgentApplication(input),
      send: async () => {
        const message = await apply.mutateAsync(input);
        Toast.show({ icon: 'success', content: message });
        setJustApplied(true);
      },
    });
  };

  return (
    <main className="page agent-page" aria-label="合营计划">
      <section className="agent-hero" aria-label="合营优势">
        <h2 className="agent-hero-title">加入我们，成为合营伙伴</h2>
        <ul className="column-list agent-perks">
          {PERKS.map((p) => (
            <li key={p.title}>
              <strong>{p.title}</strong>
              <span>{p.text}</span>
            </li>
          ))}
        </ul>
        <nav className="agent-docs" aria-label="合营说明">
          <Link to="/abouts?type=5">代理加盟</Link>
          <Link to="/abouts?type=6">代理协议</Link>
        </nav>
      </section>
      {isLoggedIn && state !== 0 ? (
        <ApplicationState state={state} />
      ) : (
        <form className="panel" aria-label="申请合营" onSubmit={(e) => void submit(e)} noValidate>
          <TextInputField
            look="row"
            id="agent-mobile"
            label="手机号"
            type="tel"
            placeholder="请输入手机号"
            value={form.mobile}
            onChange={(mobile) => setForm((f) => ({ ...f, mobile }))}
          />
          <FormField look="row" id="agent-apply-info" label="申请理由" className="agent-field-block">
            {/* Not the usual 32: a reason is a few sentences; the server takes up to 500 characters. */}
            <TextArea
              id="agent-apply-info"
              placeholder="请输入申请理由"
              maxLength={500}
              rows={4}
              showCount
              value={form.apply_info}
              onChange={(apply_info) => setForm((f) => ({ ...f, apply_info }))}
            />
          </FormField>
          <Button block color="primary" size="large" type="submit" loading={apply.isPending}>
            {isLoggedIn ? '提交申请' : '前往登录'}
          </Button>
        </form>
      )}
    </main>
  );
}

const STATE_TEXT: Record<number, { title: string; text: string }> = {
  1: { title: '申请已提交，正在审核中', text: '审核结果会显示在本页；通过后，「我的」里会出现代理登录入口。' },
  2: { title: '您已是合营伙伴', text: '可在「我的」→ 代理登录 进入代理中心，查看下级会员与佣金。' },
  3: { title: '您的申请未通过审核', text: '如有疑问，请联系在线客服。' },
};

/** Where the member's application stands, in place of the form (AGENT_APPLY_STATE). */
function ApplicationState({ state }: { state: number }) {
  const shown = STATE_TEXT[state] ?? STATE_TEXT[1]!;
  return (
    <section className="panel agent-state" role="status" aria-label="申请状态" data-state={state}>
      <h2 className="agent-state-title">{shown.title}</h2>
      <p className="agent-state-text">{shown.text}</p>
      <Link className="agent-state-link" to="/mine">
        返回我的
      </Link>
    </section>
  );
}
