from __future__ import annotations

import factory

from contacts.models import Contact, ContactState, Tenant


class TenantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tenant

    name = factory.Sequence(lambda n: f"Tenant {n}")
    slug = factory.Sequence(lambda n: f"tenant-{n}")


class ContactFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Contact
        skip_postgeneration_save = True

    tenant = factory.SubFactory(TenantFactory)
    external_id = factory.Sequence(lambda n: f"contact-{n}")
    display_name = factory.Faker("first_name")
    channel = "whatsapp"
    state = factory.RelatedFactory("tests.factories.ContactStateFactory", factory_related_name="contact")


class ContactStateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ContactState

    contact = factory.SubFactory(ContactFactory, state=None)
