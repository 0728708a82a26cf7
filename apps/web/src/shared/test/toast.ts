import { getDefaultNormalizer, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';

/** Finds a toast by its exact text, untrimmed (SPEC messages keep their odd spacing, e.g. ' 用户名…'). */
export function findToast(text: string) {
  return screen.findByText(text, { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) });
}

export function clearToasts() {
  Toast.clear();
}
