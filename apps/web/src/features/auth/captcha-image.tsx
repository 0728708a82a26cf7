import { captchaSrc, type Captcha } from './use-captcha';

/** Tapping the image picks a new one. data-captcha-index lets end-to-end tests read the code. */
export function CaptchaImage({ captcha }: { captcha: Captcha }) {
  return (
    <button type="button" className="captcha-button" aria-label="换一张验证码" onClick={captcha.refresh}>
      <img src={captchaSrc(captcha.index)} alt="验证码" width={96} height={35} data-captcha-index={captcha.index} />
    </button>
  );
}
