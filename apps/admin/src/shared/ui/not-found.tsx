import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** An address the console does not have, or a screen the operator's role may not open. */
export function NotFound({ forbidden = false }: { forbidden?: boolean }) {
  const navigate = useNavigate();
  return (
    <Result
      status={forbidden ? '403' : '404'}
      title={forbidden ? '无权访问' : '页面不存在'}
      subTitle={forbidden ? '您的角色不能使用此功能，如需开通请联系超级管理员。' : '请从左侧菜单进入需要的功能。'}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回仪表盘
        </Button>
      }
    />
  );
}
