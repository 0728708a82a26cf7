import { Empty } from 'antd';

/** The `locale` of an antd Table whose empty state says, in Chinese, what is missing. */
export const emptyLocale = (text: string) => ({
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />,
});
