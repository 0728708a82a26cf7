import { describe, expect, it } from 'vitest';
import { MSG } from '@h5/contract/messages';
import { browserOfFile, newOperatorApproved, uniqueName } from './support/browser';
import {
  clickInDialog,
  chooseOption,
  desktopPage,
  dialog,
  expectToast,
  openScreen,
  rowWith,
  save,
} from './support/console';

// Two admins for integrations in Chromium against the real server: content adds a venue without any money field,
// one admin gives it a wallet mode and secret in 接入设置, the venue list shows the change waiting, and only when a
// second admin approves it under 待审批变更 does the list show it applied.

const browser = browserOfFile();

/** A new content operator, proposed by the e2e admin and approved by the second admin (its password answered once). */
const newEditor = () => newOperatorApproved(uniqueName('cnt').replace(/[^A-Za-z0-9_]/g, '_'), 'content');

describe('venue integrations take two admins', () => {
  it("content's venue form has no money fields; one admin's secret waits until a second admin approves it", async () => {
    const code = uniqueName('iv').replace(/[^A-Za-z0-9_]/g, '_');
    const name = `接入场馆${code.slice(-4)}`;

    // Content adds the venue: name, code, category and switch only.
    const editor = await newEditor();
    const content = await desktopPage(browser(), editor);
    await openScreen(content.page, 'venues', '场馆');
    await content.page.getByRole('button', { name: '新增场馆' }).click();
    for (const label of ['钱包模式', '接口地址', '签名密钥', '币种'])
      expect(await dialog(content.page).getByLabel(label).count()).toBe(0);
    await dialog(content.page).getByLabel('场馆代码').fill(code);
    await dialog(content.page).getByLabel('名称').fill(name);
    await chooseOption(content.page, '分类', '真人视讯');
    await save(content.page);
    await expectToast(content.page, '已新增');
    const contentRow = rowWith(content.page, code);
    await contentRow.getByText('未接入').waitFor();
    expect(await contentRow.getByRole('button', { name: `接入设置 ${name}` }).count()).toBe(0);

    // One admin proposes a seamless wallet with its secret: the list shows it waiting, the venue unchanged.
    const maker = await desktopPage(browser(), 'operator');
    await openScreen(maker.page, 'venues', '场馆');
    await rowWith(maker.page, code)
      .getByRole('button', { name: `接入设置 ${name}` })
      .click();
    await dialog(maker.page).getByText('须另一位管理员在「待审批变更」中通过').waitFor();
    await chooseOption(maker.page, '钱包模式', '无缝钱包');
    await dialog(maker.page).getByLabel('签名密钥').fill('e2e-venue-secret-0123456789');
    await clickInDialog(maker.page, '提交审批');
    await expectToast(maker.page, MSG.integrationChangePending);
    await rowWith(maker.page, code).getByText('待审批').waitFor();
    expect(await rowWith(maker.page, code).getByText('未接入').count()).toBe(1);

    // The maker cannot approve its own change.
    await openScreen(maker.page, 'integration-changes', '待审批变更');
    const own = rowWith(maker.page, `场馆 ${code}`);
    await own.waitFor();
    expect(await own.getByRole('button', { name: '通过' }).isDisabled()).toBe(true);
    expect(await own.textContent()).not.toContain('e2e-venue-secret');

    // A second admin approves it: only now does the list show the venue connected. An admin the maker made would not
    // do (docs/operators.md "Two people, judged by person"): the second admin comes from the operator CLI.
    const checker = await desktopPage(browser(), 'second');
    await openScreen(checker.page, 'integration-changes', '待审批变更');
    const pending = rowWith(checker.page, `场馆 ${code}`);
    await pending.getByText('********').first().waitFor();
    await pending.getByRole('button', { name: '通过' }).click();
    await clickInDialog(checker.page, '确认通过');
    await expectToast(checker.page, MSG.integrationChangeApplied);

    await openScreen(checker.page, 'venues', '场馆');
    const applied = rowWith(checker.page, code);
    await applied.getByText('无缝钱包').waitFor();
    expect(await applied.getByText('待审批').count()).toBe(0);

    for (const p of [content, maker, checker]) expect(p.errors).toEqual([]);
    for (const p of [content, maker, checker]) await p.close();
  });
});
