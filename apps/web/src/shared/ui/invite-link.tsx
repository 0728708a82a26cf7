import { QRCodeSVG } from 'qrcode.react';
import './invite-link.css';

/** A member's invite link as a QR code, on white so a phone camera reads it (推荐好友, 代理中心). */
export function InviteQr({ link, label }: { link: string; label: string }) {
  return (
    <div className="invite-qr">
      <QRCodeSVG value={link} size={180} marginSize={2} role="img" aria-label={label} />
    </div>
  );
}

/** The invite link in full, selectable at one tap where copying it is refused. */
export function InviteLinkText({ link, label }: { link: string; label: string }) {
  return (
    <output className="invite-link-text" aria-label={label}>
      {link}
    </output>
  );
}
