import { ZBannerBody, ZNoticeBody, ZOfferBody, ZRankBody, ZSurgeBody } from '@fit24/contract';
import { withoutBlanks } from '../../lib/forms.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { Field, SelectField, TextArea } from '../components/Field.tsx';
import { dayToEpoch, mondayOf, numberOrText } from '../lib/form-values.ts';
import { ops } from '../lib/ops.ts';

/** The market team's programme forms: surge weeks, ranks, offers, banners and asset notices. */
export function ProgrammeForms() {
  return (
    <>
      <ActionForm
        title="Surge week"
        lead="Multiplies the week’s rewards (weeks start on Monday; 1 is normal, at most 10, one decimal)."
        testId="admin-surge"
        initial={{ week_start: mondayOf(new Date()), surge: '' }}
        schema={ZSurgeBody}
        toBody={(v) => ({ week_start: v.week_start, surge: numberOrText(v.surge) })}
        send={(body) => ops.call('ops.surge', { body })}
        describe={(d) => `Surge ×${d.surge.surge} for ${d.surge.week_start} – ${d.surge.week_end}`}
        submitLabel="Set the surge"
        fields={({ values, errors, set }) => (
          <div className="adm-form-row">
            <Field
              label="Week starting (Monday)"
              type="date"
              value={values.week_start}
              onChange={set('week_start')}
              error={errors.week_start}
              testId="admin-surge-week"
            />
            <Field
              label="Surge"
              value={values.surge}
              onChange={set('surge')}
              inputMode="decimal"
              placeholder="1.5"
              error={errors.surge}
              testId="admin-surge-value"
            />
          </div>
        )}
      />
      <ActionForm
        title="Rank"
        lead="Creates or changes a rank of the affiliate ladder."
        testId="admin-rank"
        initial={{ name: '', required_business: '', required_directs: '', reward: '' }}
        schema={ZRankBody}
        toBody={(v) => ({ ...withoutBlanks(v), required_directs: numberOrText(v.required_directs) })}
        send={(body) => ops.call('ops.ranks', { body })}
        describe={(d) => `Rank #${d.rank.rank_id} ${d.rank.name} saved`}
        submitLabel="Save the rank"
        fields={({ values, errors, set }) => (
          <>
            <Field
              label="Name"
              value={values.name}
              onChange={set('name')}
              error={errors.name}
              testId="admin-rank-name"
            />
            <div className="adm-form-row">
              <Field
                label="Team business (FIT24)"
                value={values.required_business}
                onChange={set('required_business')}
                inputMode="decimal"
                mono
                error={errors.required_business}
                testId="admin-rank-business"
              />
              <Field
                label="Direct partners"
                value={values.required_directs}
                onChange={set('required_directs')}
                inputMode="numeric"
                error={errors.required_directs}
                testId="admin-rank-directs"
              />
              <Field
                label="Reward (FIT24)"
                value={values.reward}
                onChange={set('reward')}
                inputMode="decimal"
                mono
                error={errors.reward}
                testId="admin-rank-reward"
              />
            </div>
          </>
        )}
      />
      <ActionForm
        title="Offer"
        lead="A staking bonus for stakes of at least the minimum, between two days."
        testId="admin-offer"
        initial={{
          title: '',
          description: '',
          start_date: '',
          end_date: '',
          min_stake: '',
          bonus_percent: '',
        }}
        schema={ZOfferBody}
        toBody={(v) => ({
          ...withoutBlanks(v),
          start_date: dayToEpoch(v.start_date),
          end_date: dayToEpoch(v.end_date),
        })}
        send={(body) => ops.call('ops.offers', { body })}
        describe={(d) => `Offer #${d.offer.offer_id} “${d.offer.title}” created`}
        submitLabel="Create the offer"
        fields={({ values, errors, set }) => (
          <>
            <Field
              label="Title"
              value={values.title}
              onChange={set('title')}
              error={errors.title}
              testId="admin-offer-title"
            />
            <TextArea
              label="Description"
              value={values.description}
              onChange={set('description')}
              error={errors.description}
              testId="admin-offer-description"
            />
            <div className="adm-form-row">
              <Field
                label="From"
                type="date"
                value={values.start_date}
                onChange={set('start_date')}
                error={errors.start_date}
                testId="admin-offer-start"
              />
              <Field
                label="Until"
                type="date"
                value={values.end_date}
                onChange={set('end_date')}
                error={errors.end_date}
                testId="admin-offer-end"
              />
            </div>
            <div className="adm-form-row">
              <Field
                label="Minimum stake (FIT24)"
                value={values.min_stake}
                onChange={set('min_stake')}
                inputMode="decimal"
                mono
                error={errors.min_stake}
                testId="admin-offer-min"
              />
              <Field
                label="Bonus (%)"
                value={values.bonus_percent}
                onChange={set('bonus_percent')}
                inputMode="decimal"
                error={errors.bonus_percent}
                testId="admin-offer-bonus"
              />
            </div>
          </>
        )}
      />
      <ActionForm
        title="Banner"
        lead="A picture on the app’s home screen, with an optional link."
        testId="admin-banner"
        initial={{ title: '', image_url: '', link: '', sort_order: '' }}
        schema={ZBannerBody}
        toBody={(v) => ({
          ...withoutBlanks(v),
          ...(v.sort_order ? { sort_order: numberOrText(v.sort_order) } : {}),
        })}
        send={(body) => ops.call('ops.banners', { body })}
        describe={(d) => `Banner #${d.banner.banner_id} “${d.banner.title}” created`}
        submitLabel="Create the banner"
        fields={({ values, errors, set }) => (
          <>
            <Field
              label="Title"
              value={values.title}
              onChange={set('title')}
              error={errors.title}
              testId="admin-banner-title"
            />
            <Field
              label="Image URL"
              type="url"
              value={values.image_url}
              onChange={set('image_url')}
              mono
              error={errors.image_url}
              testId="admin-banner-image"
            />
            <div className="adm-form-row">
              <Field
                label="Link (optional)"
                value={values.link}
                onChange={set('link')}
                mono
                error={errors.link}
                testId="admin-banner-link"
              />
              <Field
                label="Order"
                value={values.sort_order}
                onChange={set('sort_order')}
                inputMode="numeric"
                error={errors.sort_order}
                testId="admin-banner-order"
              />
            </div>
          </>
        )}
      />
      <ActionForm
        title="Asset notice"
        lead="A notice on an asset’s deposit or withdrawal screen (maintenance, a network upgrade)."
        testId="admin-notice"
        initial={{ symbol: '', type: 'deposit', title: '', body: '' }}
        schema={ZNoticeBody}
        toBody={(v) => withoutBlanks(v)}
        send={(body) => ops.call('ops.notices', { body })}
        describe={(d) => `Notice #${d.notice.notice_id} “${d.notice.title}” published`}
        submitLabel="Publish the notice"
        fields={({ values, errors, set }) => (
          <>
            <div className="adm-form-row">
              <Field
                label="Asset"
                value={values.symbol}
                onChange={set('symbol')}
                mono
                placeholder="BTC"
                error={errors.symbol}
                testId="admin-notice-symbol"
              />
              <SelectField
                label="Screen"
                value={values.type}
                onChange={set('type')}
                options={[
                  { value: 'deposit', label: 'Deposit' },
                  { value: 'withdraw', label: 'Withdrawal' },
                ]}
                error={errors.type}
                testId="admin-notice-type"
              />
            </div>
            <Field
              label="Title"
              value={values.title}
              onChange={set('title')}
              error={errors.title}
              testId="admin-notice-title"
            />
            <TextArea
              label="Text"
              value={values.body}
              onChange={set('body')}
              error={errors.body}
              testId="admin-notice-body"
            />
          </>
        )}
      />
    </>
  );
}
