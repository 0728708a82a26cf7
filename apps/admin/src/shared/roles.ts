import type { OperatorRole } from './session/session-store';

export const ROLE_LABEL: Record<OperatorRole, string> = {
  admin: '超级管理员',
  finance: '财务',
  content: '内容运营',
  support: '在线客服',
};
