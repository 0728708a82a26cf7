import { MAX_PAY_RANGES, PAY_RANGE_TYPES, PAY_WAY_RANGE_TYPES, type PayRangeType } from '@h5/contract';
import { Button, Form, Input, Select } from 'antd';
import { PAY_RANGE_TYPE_LABELS, payRangeTypeLabel } from '../../shared/labels';
import './pay-ranges-editor.css';

// The types' names are shared: the pending changes of a way's ranges name them too.
export { PAY_RANGE_TYPE_LABELS, payRangeTypeLabel };

/** The types a pay way's ranges may have: its own (USDT: TRC20 and ERC20), never another way's. */
export function rangeTypesOf(code: string): readonly PayRangeType[] {
  return PAY_WAY_RANGE_TYPES[code as keyof typeof PAY_WAY_RANGE_TYPES] ?? PAY_RANGE_TYPES;
}

interface RangeValue {
  type?: string;
  min_price?: string;
  max_price?: string;
}

/**
 * 金额范围 of a pay way (the form's `ranges`, one row per getPayRange type): the type from the way's own, the lower and
 * upper bound in yuan. Rows are added up to the way's types (at most MAX_PAY_RANGES) and removed down to one: a type
 * left out is closed to deposits. The contract's schema checks the rows on save, with the server's messages.
 */
export function PayRangesEditor({ code }: { code: string }) {
  const form = Form.useFormInstance();
  const types = rangeTypesOf(code);
  const limit = Math.min(MAX_PAY_RANGES, types.length);
  const rows = (Form.useWatch('ranges', form) as RangeValue[] | undefined) ?? [];
  const unused = types.find((t) => !rows.some((r) => r?.type === t));
  const options = types.map((t) => ({ value: t, label: PAY_RANGE_TYPE_LABELS[t] }));

  return (
    <Form.List name="ranges">
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="pay-ranges">
          <legend>金额范围</legend>
          <p className="pay-ranges-help">
            会员端存款页按类型读取单笔限额（USDT按协议分别设置）；删除某类型的范围后，该类型暂停存款。
          </p>
          {fields.map((field, index) => (
            <div key={field.key} role="group" aria-label={`金额范围 ${index + 1}`} className="pay-ranges-row">
              <Form.Item name={[field.name, 'type']} label="类型" className="pay-ranges-type">
                <Select options={options} />
              </Form.Item>
              <Form.Item name={[field.name, 'min_price']} label="最低金额（元）">
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
              <Form.Item name={[field.name, 'max_price']} label="最高金额（元）">
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
              <Button
                className="pay-ranges-remove"
                aria-label={`删除金额范围 ${index + 1}`}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
              >
                删除
              </Button>
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            disabled={fields.length >= limit}
            onClick={() => add({ type: unused ?? types[0], min_price: '', max_price: '' })}
          >
            添加金额范围
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
