import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { centsToMoney, type DashboardFigures, parseMoneyToCents } from '@h5/contract';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import { formatMoney } from '../../shared/format';
import { useDashboardFigures } from './api';
import { type ChartDay, TREND_SERIES } from './trend-series';
import './figures.css';

type Day = z.output<typeof DashboardFigures>['today'];

// The chart library is a chunk of its own, fetched once the figures are on screen.
const TrendChart = lazy(() => import('./trend-chart'));

/** Money in the first row, member counts in the second. */
const FIGURES: { key: Exclude<keyof Day, 'day'>; title: string; money: boolean }[] = [
  { key: 'deposits', title: '存款（元）', money: true },
  { key: 'withdrawals', title: '提款（元）', money: true },
  { key: 'net', title: '净存款（元）', money: true },
  { key: 'ggr', title: '平台盈亏（元）', money: true },
  { key: 'new_members', title: '新增会员', money: false },
  { key: 'first_depositors', title: '首存人数', money: false },
  { key: 'bettors', title: '投注人数', money: false },
];

/**
 * Today's figure against yesterday's: the difference is taken in integer cents (money) or whole counts, so it is
 * exact; its sign is written out, the arrow only repeats it.
 */
function Change({ today, yesterday, money }: { today: string | number; yesterday: string | number; money: boolean }) {
  const diff = money
    ? (parseMoneyToCents(today) ?? 0) - (parseMoneyToCents(yesterday) ?? 0)
    : Number(today) - Number(yesterday);
  const amount = money ? formatMoney(centsToMoney(Math.abs(diff))) : String(Math.abs(diff));
  const shown = money ? formatMoney(String(yesterday)) : String(yesterday);
  return (
    <Typography.Text type="secondary" className="figure-change">
      {diff > 0 && <ArrowUpOutlined aria-hidden />}
      {diff < 0 && <ArrowDownOutlined aria-hidden />}
      {diff === 0 ? ' 与昨日持平' : ` 较昨日 ${diff > 0 ? '+' : '-'}${amount}`}
      <span className="figure-yesterday">昨日 {shown}</span>
    </Typography.Text>
  );
}

/** The 30 days as a table, for screen readers: the chart's text alternative, with the server's amounts. */
function TrendTable({ days }: { days: ChartDay[] }) {
  return (
    <table className="visually-hidden">
      <caption>近30天每日存款、提款与平台盈亏（元）</caption>
      <thead>
        <tr>
          <th scope="col">日期</th>
          {TREND_SERIES.map((s) => (
            <th scope="col" key={s.key}>
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            {TREND_SERIES.map((s) => (
              <td key={s.key}>{d[s.key]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 今日概况 and 近30天趋势 of the dashboard (finance, admin), refreshed every minute. */
export function DashboardFiguresSection() {
  const figures = useDashboardFigures();
  if (figures.isPending) return <Skeleton active paragraph={{ rows: 4 }} style={{ marginTop: 24 }} />;
  if (figures.isError) {
    return (
      <Alert type="error" showIcon title={`经营数据获取失败：${figures.error.message}`} style={{ marginTop: 24 }} />
    );
  }
  const { today, yesterday, chart } = figures.data;
  const first = chart[0]?.day ?? today.day;
  return (
    <section aria-labelledby="figures-today" className="dashboard-figures">
      <Typography.Title level={2} id="figures-today" className="dashboard-section-title">
        今日概况（{today.day}，北京时间）
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {FIGURES.map(({ key, title, money }) => (
          <Col key={key} xs={24} sm={12} lg={money ? 6 : 8}>
            <Card size="small">
              <Statistic
                title={title}
                value={today[key]}
                // As the server wrote it (money only gains thousands separators); antd would reformat a number.
                formatter={() => (money ? formatMoney(String(today[key])) : String(today[key]))}
                suffix={money ? undefined : '人'}
              />
              <Change today={today[key]} yesterday={yesterday[key]} money={money} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={2} className="dashboard-section-title">
        近30天趋势
      </Typography.Title>
      <Card size="small">
        <div
          role="img"
          className="trend-chart"
          aria-label={`折线图：${first} 至 ${today.day} 每日存款、提款与平台盈亏，逐日金额见其后的表格“近30天每日存款、提款与平台盈亏”`}
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <TrendChart days={chart} />
          </Suspense>
        </div>
        <TrendTable days={chart} />
      </Card>
    </section>
  );
}
