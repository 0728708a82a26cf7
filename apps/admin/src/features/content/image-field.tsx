import { Input, Typography } from 'antd';
import { isSiteUrl } from '@h5/contract';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  /** The width/height the member app shows the image at. */
  aspect?: [number, number];
}

/**
 * An image by its address (a path of our site such as /uploads/... or an http(s) URL), previewed at the member
 * app's proportions so a crop shows before it is saved. The server has no operator upload call yet.
 */
export function ImageField({ id, value = '', onChange, label, aspect = [750, 280] }: Props) {
  const [w, h] = aspect;
  const shown = value.trim() !== '' && isSiteUrl(value.trim());
  return (
    <div>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder="/uploads/banner.jpg 或 https://..."
        autoComplete="off"
      />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 4px' }}>
        会员端显示比例 {w}×{h}
      </Typography.Text>
      <div
        style={{
          width: '100%',
          maxWidth: 500,
          aspectRatio: `${w} / ${h}`,
          background: '#f0f0f0',
          borderRadius: 6,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {shown ? (
          <img src={value.trim()} alt={`${label}预览`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Typography.Text type="secondary">暂无图片</Typography.Text>
        )}
      </div>
    </div>
  );
}
