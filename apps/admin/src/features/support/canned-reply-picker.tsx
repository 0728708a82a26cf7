import { Select } from 'antd';
import { useState } from 'react';
import { useCannedReplies } from './api';

/** 快捷回复 in the reply box: the enabled canned replies by title; picking one puts its text into the reply. */
export function CannedReplyPicker({ disabled, onPick }: { disabled: boolean; onPick: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const replies = useCannedReplies(open);
  const options = (replies.data ?? [])
    .filter((r) => r.enabled === 1)
    .map((r) => ({ value: r.id, label: r.title, text: r.text }));
  return (
    <Select
      aria-label="快捷回复"
      placeholder="快捷回复"
      style={{ width: 200 }}
      disabled={disabled}
      value={null}
      showSearch={{ optionFilterProp: 'label' }}
      loading={replies.isFetching}
      onOpenChange={setOpen}
      options={options}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)', whiteSpace: 'normal' }}>{option.data.text}</div>
        </div>
      )}
      notFoundContent={replies.isFetching ? '加载中…' : '暂无快捷回复，可在「快捷回复」中添加'}
      onChange={(id) => {
        const picked = options.find((o) => o.value === id);
        if (picked) onPick(picked.text);
      }}
    />
  );
}
