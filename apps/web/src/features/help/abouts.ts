// Its own small module: the route table (in the entry) names the /abouts back bar with it.

/** docs/member-app.md "Screens by route" /abouts?type=5 or 6: the partner programme's joining page and its terms, each under its own title. */
export const ABOUTS_TITLES = { 5: '代理加盟', 6: '代理协议' } as const;
export type AboutsType = keyof typeof ABOUTS_TITLES;

/** The article /abouts shows: 6 when asked for, else 5. */
export const aboutsType = (params: URLSearchParams): AboutsType => (params.get('type') === '6' ? 6 : 5);
