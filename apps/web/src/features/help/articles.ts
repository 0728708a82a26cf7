/** docs/member-app.md "Screens by route" /boutBallBetInfo?type=N titles: 1 FAQ, 2 privacy, 3 disclaimer, 4 contact, 5 agent, 7 about, 8 responsible. */
export const HELP_ARTICLES = [
  {
    type: 1,
    title: '常见问题',
    icon: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9.5 9a2.5 2.5 0 115 .5c0 2-2.5 2-2.5 4M12 17h.01',
  },
  { type: 2, title: '隐私政策', icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4' },
  { type: 3, title: '免责声明', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7' },
  { type: 4, title: '联系我们', icon: 'M4 6h16v12H4zM4 7l8 6 8-6' },
  {
    type: 5,
    title: '代理加盟',
    icon: 'M8 11a3 3 0 100-6 3 3 0 000 6zM16 11a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 3-5 6-5s6 2 6 5M14 15c3 0 8 1 8 5',
  },
  { type: 7, title: '关于我们', icon: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 11v6M12 7.5h.01' },
  { type: 8, title: '责任博彩', icon: 'M12 20s-7-4.5-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.5-7 10-7 10z' },
] as const;

export function articleTitle(type: number): string | undefined {
  return HELP_ARTICLES.find((a) => a.type === type)?.title;
}
