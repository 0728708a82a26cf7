import type { ThemeConfig } from 'antd';

/**
 * Our own look: the member app's navy and gold, in a light desktop console. The primary blue is darker than
 * antd's default so white text on buttons and blue links on white both pass WCAG AA contrast (4.5:1).
 */
export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4f91',
    colorLink: '#1d4f91',
    colorInfo: '#1d4f91',
    colorSuccess: '#2f7a1f',
    colorError: '#c0262d',
    colorWarning: '#a35a00',
    // antd's secondary greys (0.45) fall under 4.5:1 on white; these pass.
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Segoe UI', sans-serif",
  },
  components: {
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
    // The calendar's days of the next and previous months, and days out of a report's range, are still read.
    DatePicker: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    Layout: { siderBg: '#10284a', headerBg: '#ffffff', bodyBg: '#f3f5f9' },
    Menu: {
      darkItemBg: '#10284a',
      darkSubMenuItemBg: '#0b1d37',
      darkItemSelectedBg: '#1d4f91',
      darkItemColor: 'rgba(255,255,255,0.85)',
    },
  },
};
