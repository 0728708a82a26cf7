import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { adminEndpoints, IMAGE_UPLOAD_MAX_BYTES, type ImageUploadPurpose, isSiteUrl, MSG } from '@h5/contract';
import { App, Button, Input, Progress, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { isApiError } from '@h5/contract/api-error';
import { uploadAdmin } from '../api/client';
import { useCan } from '../session/use-can';

/** What the file picker offers; the server decides by the file's bytes whatever the picker or the name say. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * What can be told before sending: an empty file, one over the limit, an SVG. The server checks all of it again
 * (and the type by the file's first bytes); this only spares the operator a wait.
 */
export function precheckImage(file: { size: number; type: string; name: string }): string | null {
  if (file.size === 0) return MSG.imageUploadEmpty;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return MSG.imageUploadTooLarge;
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) return MSG.imageUploadSvgRefused;
  return null;
}

/**
 * Sends one image to POST /admin/api/files with the operator's token, with progress; answers its /uploads/ path,
 * or null after showing why it was refused.
 */
export function useImageUpload(purpose: ImageUploadPurpose) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File): Promise<string | null> => {
    setError(null);
    const refused = precheckImage(file);
    if (refused) {
      setError(refused);
      return null;
    }
    setPercent(0);
    try {
      const stored = await uploadAdmin(adminEndpoints.imageUpload, {
        file,
        input: { purpose },
        onProgress: setPercent,
        silent: true,
      });
      void message.success('上传成功');
      return stored.path;
    } catch (failure) {
      // A 401 has already taken the console back to 登录.
      setError(isApiError(failure) ? failure.message : '上传失败');
      return null;
    } finally {
      setPercent(null);
    }
  };
  return { upload, uploading: percent !== null, percent: percent ?? 0, error };
}

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  /** The width/height the member app shows the image at. */
  aspect?: [number, number];
  /** Offer uploading (to an operator whose role may), stored for this purpose. */
  upload?: ImageUploadPurpose;
}

/**
 * An image by its address (a path of our site such as /uploads/... or an http(s) URL), previewed at the member
 * app's proportions so a crop shows before it is saved. With `upload`, an operator who may upload also gets a
 * button and a drop zone: the file goes to the server, and its /uploads/ path fills the address.
 */
export function ImageField({ id, value = '', onChange, label, aspect = [750, 280], upload }: Props) {
  const [w, h] = aspect;
  const shown = value.trim() !== '' && isSiteUrl(value.trim());
  const mayUpload = useCan(adminEndpoints.imageUpload) && upload !== undefined;
  return (
    <div>
      {mayUpload ? (
        <ImageUploadControls id={id} value={value} onChange={onChange} label={label} purpose={upload} />
      ) : (
        <AddressInput id={id} value={value} onChange={onChange} />
      )}
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

/** The image's address, typed: a path of our site or an http(s) address. */
function AddressInput({ id, value, onChange }: { id?: string; value: string; onChange?: (value: string) => void }) {
  return (
    <Input
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder="/uploads/banner.jpg 或 https://..."
      autoComplete="off"
    />
  );
}

function ImageUploadControls({
  id,
  value,
  onChange,
  label,
  purpose,
}: {
  id?: string;
  value: string;
  onChange?: (value: string) => void;
  label: string;
  purpose: ImageUploadPurpose;
}) {
  const { upload, uploading, percent, error } = useImageUpload(purpose);
  // antd hands the file over; the upload is ours (the token, the contract's answer), so nothing is sent by antd.
  const uploadProps: UploadProps = {
    accept: IMAGE_ACCEPT,
    multiple: false,
    showUploadList: false,
    disabled: uploading,
    beforeUpload: (file) => {
      void upload(file).then((path) => {
        if (path) onChange?.(path);
      });
      // Nothing for antd to send or list: the upload above is ours.
      return Upload.LIST_IGNORE;
    },
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <AddressInput id={id} value={value} onChange={onChange} />
        <Upload {...uploadProps}>
          <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
            上传图片
          </Button>
        </Upload>
      </Space.Compact>
      <div style={{ marginTop: 8 }}>
        {/* No accept filter here: rc-upload would drop a refused type silently, where the operator should hear why. */}
        <Upload.Dragger {...uploadProps} accept={undefined} style={{ padding: '4px 0' }}>
          <Typography.Text>
            <InboxOutlined aria-hidden style={{ marginRight: 8 }} />
            或将图片拖到此处上传
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            支持 PNG、JPEG、GIF、WebP，不超过 2MB（不支持 SVG）
          </Typography.Text>
        </Upload.Dragger>
      </div>
      {uploading ? <Progress percent={percent} size="small" aria-label={`${label}上传进度`} /> : null}
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      ) : null}
    </>
  );
}
