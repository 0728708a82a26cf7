import { Card, Col, Row, Statistic } from 'antd';

/**
 * A row of figures of a check, four to a line on a wide screen and two on a narrow one; `boxed` draws each in a card
 * of its own.
 */
export function FigureRow({
  figures,
  boxed = false,
}: {
  figures: ReadonlyArray<readonly [title: string, value: string | number]>;
  boxed?: boolean;
}) {
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {figures.map(([title, value]) => {
        const figure = <Statistic title={title} value={value} />;
        return (
          <Col key={title} xs={12} md={6}>
            {boxed ? <Card>{figure}</Card> : figure}
          </Col>
        );
      })}
    </Row>
  );
}
