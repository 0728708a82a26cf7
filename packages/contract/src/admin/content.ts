/**
 * The content desk's back-office calls: the list/create/update/delete resources of the member app's home, help and
 * promotions (at `/admin/api/<name>` and `/admin/api/<name>/:id`), messages, and image uploads.
 */
import { z } from 'zod';
import { Money, Timestamp } from '../common';
import { MSG } from '../messages';
import { isSiteUrl } from '../site-url';
import {
  category,
  centsInput,
  CONTENT,
  def,
  FINANCE,
  flag01,
  imageUrl,
  ListPlacing,
  ListPlacingInput,
  Nothing,
  requiredText,
  resFlag,
  resource,
  resSort,
  wholeNumber,
} from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { proposedResource } from './integrations';
import { cappedPercent, MONEY_CAPS } from './money-caps';

export const BannerInput = z.object({ src: imageUrl(MSG.imageUrlRequired), ...ListPlacingInput });
export const AdminBanner = z.object({
  id: z.number().int(),
  src: z.string(),
  ...ListPlacing,
});

export const NoticeInput = z.object({
  text: requiredText(MSG.contentRequired, 500),
  ...ListPlacingInput,
});
export const AdminNotice = z.object({
  id: z.number().int(),
  text: z.string(),
  ...ListPlacing,
});

export const GameInput = z.object({
  name: requiredText(MSG.nameRequired, 64),
  category_id: category,
  app_state: resFlag,
  platform_name: requiredText(MSG.venueMissing, 32, MSG.venueMissing),
  game_code: z.string().trim().max(64, { message: MSG.inputTooLong }).default(''),
  mobile_img: z
    .string()
    .trim()
    .max(500, { message: MSG.inputTooLong })
    .refine((v) => v === '' || isSiteUrl(v), { message: MSG.urlInvalid })
    .default(''),
  sort: resSort,
});
export const AdminGame = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.string(),
  app_state: z.number().int(),
  platform_name: z.string(),
  game_code: z.string(),
  mobile_img: z.string(),
  sort: z.number().int(),
});

/** `content` is operator HTML: the server cleans it before storing, and refuses it when nothing is left. */
export const ArticleInput = z.object({
  type: wholeNumber(MSG.articleTypeInvalid, 1, 8),
  title: requiredText(MSG.titleRequired, 128),
  content: requiredText(MSG.contentRequired, 100_000),
});
export const AdminArticle = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
});

export const PromotionTypeInput = z.object({
  name: requiredText(MSG.nameRequired, 32),
  sort: z.coerce.number().int().default(0),
  enabled: flag01.default(1),
});
export const AdminPromotionType = z.object({
  id: z.number().int(),
  name: z.string(),
  ...ListPlacing,
});

/** `content` and `memo` are operator HTML, cleaned by the server before they are stored. */
export const PromotionInput = z.object({
  type_id: z.coerce.number().int().positive().nullable().default(null),
  title: requiredText(MSG.titleRequired, 128),
  banner: z.string().max(500).default(''),
  content: z.string().max(100_000).default(''),
  memo: z.string().max(100_000).default(''),
  sort: z.coerce.number().int().default(0),
  enabled: flag01.default(1),
});
export const AdminPromotion = z.object({
  id: z.number().int(),
  type_id: z.number().int().nullable(),
  title: z.string(),
  banner: z.string(),
  content: z.string(),
  memo: z.string(),
  ...ListPlacing,
});

/** 'HH:mm' (or 'HH:mm:ss', seconds dropped), Beijing time. */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: MSG.timeRangeInvalid })
  .transform((v) => v.slice(0, 5));
/**
 * A red-packet rule. Its caps (docs/operators.md "Caps on money settings"): the band counts deposits up to 1,000,000.00; a
 * prize is at most 10% of them, and the day's grabs together (grabs x prize cap) at most 10%.
 */
export const RedpacketRuleInput = z
  .object({
    start_time: clockTime,
    end_time: clockTime,
    day_flow: centsInput,
    flow_money: centsInput.refine((cents) => cents <= MONEY_CAPS.redpacketBandMax, {
      message: MSG.redpacketBandTooHigh,
    }),
    recharge: wholeNumber(MSG.redpacketGrabsInvalid, 0, 1000),
    /** Prize cap in percent of the deposits. */
    money: cappedPercent(MONEY_CAPS.redpacketPercent, MSG.redpacketPercentInvalid),
    enabled: flag01.default(1),
  })
  .refine((rule) => rule.recharge * rule.money <= MONEY_CAPS.redpacketDayPercent, {
    message: MSG.redpacketDayPercentInvalid,
    path: ['recharge'],
  });
export const AdminRedpacketRule = z.object({
  id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  day_flow: Money,
  flow_money: Money,
  recharge: z.number().int(),
  money: Money,
  enabled: z.number().int(),
  /** A change of its window, band, grabs or cap waits for a second admin. */
  pending_change: z.boolean(),
});

export const MessageInput = z.object({
  title: z.string().trim().min(1).max(128),
  content: z.string().trim().min(1).max(20_000),
  member_id: z.coerce.number().int().positive().optional(),
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(2),
});
export const SentMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: Timestamp,
  /** 1 announcement, 2 inbox message. */
  type: z.number().int(),
  /** Null: every member. */
  member_id: z.number().int().nullable(),
});

/**
 * The image types an operator may upload, told by the file's first bytes on the server (never by its name or the
 * type the browser declares). SVG is not among them: served from our own origin it could carry script.
 */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** 2 MB: a 750×280 banner as JPEG or WebP is a few hundred KB; a larger file is a photo nobody resized. */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** What an uploaded image is for: a banner (轮播图, a promotion's 横幅) or an image inside content (tiles, HTML). */
export const IMAGE_UPLOAD_PURPOSES = ['banner', 'content'] as const;
export type ImageUploadPurpose = (typeof IMAGE_UPLOAD_PURPOSES)[number];

/** The form's text fields beside the file part (`file`). */
export const ImageUploadInput = z.object({
  purpose: z.enum(IMAGE_UPLOAD_PURPOSES, { message: MSG.imageUploadPurposeInvalid }).default('banner'),
});
/** The stored image: `path` is a site path (`/uploads/<random>.<ext>`) to put in an image field as it is. */
export const UploadedImage = z.object({
  path: z.string(),
  content_type: z.enum(IMAGE_UPLOAD_TYPES),
  size: z.number().int(),
});

/** The content resources, each under its own name (red-packet rules are finance's, and wait for a second admin). */
export const contentResources = {
  banners: resource('/admin/api/banners', CONTENT, BannerInput, AdminBanner, 'home banners', '轮播图'),
  notices: resource('/admin/api/notices', CONTENT, NoticeInput, AdminNotice, 'marquee notices', '公告'),
  games: resource('/admin/api/games', CONTENT, GameInput, AdminGame, 'home game tiles', '游戏'),
  articles: resource('/admin/api/articles', CONTENT, ArticleInput, AdminArticle, 'help articles', '帮助文章'),
  promotionTypes: resource(
    '/admin/api/promotion-types',
    CONTENT,
    PromotionTypeInput,
    AdminPromotionType,
    'promotion types',
    '活动类型',
  ),
  promotions: resource('/admin/api/promotions', CONTENT, PromotionInput, AdminPromotion, 'promotions', '优惠活动'),
  redpacketRules: proposedResource(
    '/admin/api/redpacket-rules',
    FINANCE,
    RedpacketRuleInput,
    AdminRedpacketRule,
    'red-packet rules',
    '红包规则',
  ),
};

/** Messages and image uploads. */
export const adminContentCalls = {
  messageSend: def(
    'POST',
    '/admin/api/messages',
    CONTENT,
    MessageInput,
    SentMessage,
    'Send an inbox message or an announcement',
  ),
  messageDelete: def('DELETE', '/admin/api/messages/:id', CONTENT, AdminEmpty, Nothing, 'Delete a message'),
  imageUpload: {
    ...def(
      'POST',
      '/admin/api/files',
      CONTENT,
      ImageUploadInput,
      UploadedImage,
      'Upload an image (multipart/form-data: the part `file`, and `purpose`): PNG, JPEG, GIF or WebP by its content, at most 2 MB; answers its /uploads/ path',
    ),
    multipart: true,
  },
} as const satisfies Record<string, AdminEndpointDef>;
